package docs

import (
	"cmp"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// content is the docs' pages, laid out as content/LANG/SLUG.md.
//
//go:embed content
var content embed.FS

// Site is the docs: every page in every language, read once. A Site is
// never changed after Load: it is safe for concurrent use.
type Site struct {
	// pages maps a slug to its page in each language that could be read.
	pages map[string]map[string]*Page
	// broken maps a slug to why its file in a language could not be read.
	broken map[string]map[string]error
	// order lists every slug, in table-of-contents order.
	order []string
}

// Load reads the docs embedded in the binary (see LoadFS).
func Load() (*Site, error) {
	sub, err := fs.Sub(content, "content")
	if err != nil {
		return newSite(), err
	}
	return LoadFS(sub)
}

// LoadFS reads the docs from fsys, laid out as LANG/SLUG.md. It always
// returns a Site, which holds every page that could be read. The error
// lists every problem, each as "file:line: what": a file that cannot be
// read, a page missing in a language, a translation whose sections or
// directives differ from the English, two pages with one place in the
// order, a link to a page or a section that does not exist.
func LoadFS(fsys fs.FS) (*Site, error) {
	s, p := newSite(), reader{md: newMarkdown()}
	var errs []error
	top, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return s, err
	}
	for _, e := range top {
		if !e.IsDir() || !slices.Contains(langs(), e.Name()) {
			errs = append(errs, fmt.Errorf("%s: unexpected; the content is one folder per language (%s)", e.Name(), strings.Join(langs(), ", ")))
		}
	}
	for _, lang := range langs() {
		files, err := fs.ReadDir(fsys, lang)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", lang, err))
			continue
		}
		for _, f := range files {
			if err := s.read(fsys, p, lang, f); err != nil {
				errs = append(errs, err)
			}
		}
	}
	s.sort()
	errs = append(errs, s.checkTranslations()...)
	errs = append(errs, s.checkOrder()...)
	errs = append(errs, s.checkLinks()...)
	return s, errors.Join(errs...)
}

// read reads the page file f of language lang into s: the page, or why
// it could not be read, which it returns too.
func (s *Site) read(fsys fs.FS, p reader, lang string, f fs.DirEntry) error {
	name := path.Join(lang, f.Name())
	slug, ok := strings.CutSuffix(f.Name(), ".md")
	if f.IsDir() || !ok {
		return fmt.Errorf("%s: unexpected; a page is a file SLUG.md", name)
	}
	src, err := fs.ReadFile(fsys, name)
	var pg *Page
	if err == nil {
		pg, err = p.parsePage(name, lang, slug, src)
	}
	s.add(slug, lang, pg, err)
	return err
}

// newSite returns a Site without pages.
func newSite() *Site {
	return &Site{pages: map[string]map[string]*Page{}, broken: map[string]map[string]error{}}
}

// add records the page of slug in lang, or why it could not be read.
func (s *Site) add(slug, lang string, pg *Page, err error) {
	if s.pages[slug] == nil && s.broken[slug] == nil {
		s.order = append(s.order, slug)
	}
	if err != nil {
		if s.broken[slug] == nil {
			s.broken[slug] = map[string]error{}
		}
		s.broken[slug][lang] = err
		return
	}
	if s.pages[slug] == nil {
		s.pages[slug] = map[string]*Page{}
	}
	s.pages[slug][lang] = pg
}

// sort puts the slugs in the order their pages say, English first; a slug
// none of whose files could be read goes last.
func (s *Site) sort() {
	place := func(slug string) int {
		if pg := s.pick(slug, EN); pg != nil {
			return pg.Order
		}
		return int(^uint(0) >> 1)
	}
	slices.SortFunc(s.order, func(a, b string) int {
		return cmp.Or(cmp.Compare(place(a), place(b)), strings.Compare(a, b))
	})
}

// pick is the page of slug in lang or, if it has none there, in another
// language; nil if none of its files could be read.
func (s *Site) pick(slug, lang string) *Page {
	if pg := s.pages[slug][lang]; pg != nil {
		return pg
	}
	for _, l := range langs() {
		if pg := s.pages[slug][l]; pg != nil {
			return pg
		}
	}
	return nil
}

// Pages returns the pages in table-of-contents order, each in language
// lang or, where it has none, in another; a page none of whose files
// could be read is left out.
func (s *Site) Pages(lang string) []*Page {
	var out []*Page
	for _, slug := range s.order {
		if pg := s.pick(slug, lang); pg != nil {
			out = append(out, pg)
		}
	}
	return out
}

// Page returns the page with the given slug in language lang or, if it
// has none in lang, in another. The error wraps fs.ErrNotExist when there
// is no such page, and says why when its file could not be read.
func (s *Site) Page(slug, lang string) (*Page, error) {
	if err := s.broken[slug][lang]; err != nil {
		return nil, err
	}
	if pg := s.pick(slug, lang); pg != nil {
		return pg, nil
	}
	for _, l := range langs() {
		if err := s.broken[slug][l]; err != nil {
			return nil, err
		}
	}
	return nil, fmt.Errorf("no docs page %q: %w", slug, fs.ErrNotExist)
}
