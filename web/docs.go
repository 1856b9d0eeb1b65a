package web

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"

	"github.com/go-chi/chi/v5"

	"lockstep/templates"
	"lockstep/web/docs"
	"lockstep/web/share"
	"lockstep/web/site"
)

// loadDocs reads the docs once, for the life of the server. A page that
// cannot be read is logged here and answered with an error page; the
// others are served.
func loadDocs(log *slog.Logger) *docs.Site {
	site, err := docs.Load()
	if err != nil {
		log.Error("docs: some pages cannot be served as written", "err", err)
	}
	return site
}

// serveDocsIndex renders the docs' table of contents.
func (s *Server) serveDocsIndex(w http.ResponseWriter, r *http.Request) error {
	lang := string(site.ResolveLang(w, r))
	vm := templates.DocsIndex{
		Chrome: s.chrome(r, lang, docs.Title(lang)),
		Groups: docsNav(s.docs.Pages(lang), lang, ""),
	}
	return s.render(w, r, templates.DocsIndexView(vm))
}

// serveDocsPage renders one docs page, with its live steppers.
func (s *Server) serveDocsPage(w http.ResponseWriter, r *http.Request) error {
	slug := chi.URLParam(r, "slug")
	lang := string(site.ResolveLang(w, r))
	pg, err := s.docs.Page(slug, lang)
	if errors.Is(err, fs.ErrNotExist) {
		return site.NotFound(fmt.Sprintf("There is no docs page %q.", slug), nil)
	}
	if err != nil {
		return &site.Error{Status: http.StatusInternalServerError,
			Msg: fmt.Sprintf("The docs page %q cannot be shown: its file has errors. %v", slug, err), Err: err}
	}
	pages := s.docs.Pages(lang)
	vm := templates.DocsPage{
		Chrome:   s.chrome(r, lang, pg.Title+" · "+docs.Title(lang)),
		Slug:     pg.Slug,
		Kicker:   pg.Kicker(),
		Heading:  pg.Title,
		Summary:  pg.Summary,
		Sections: pg.View(docsStepperURLs),
		Nav:      docsNav(pages, lang, slug),
	}
	if i := docsIndex(pages, slug); i >= 0 {
		if i > 0 {
			vm.Prev = &templates.DocsLink{Href: docs.Href(pages[i-1].Slug), Text: pages[i-1].Title}
		}
		if i+1 < len(pages) {
			vm.Next = &templates.DocsLink{Href: docs.Href(pages[i+1].Slug), Text: pages[i+1].Title}
		}
	}
	return s.render(w, r, templates.DocsPageView(vm))
}

// docsIndex is the position of the page with the given slug, or -1.
func docsIndex(pages []*docs.Page, slug string) int {
	for i, pg := range pages {
		if pg.Slug == slug {
			return i
		}
	}
	return -1
}

// docsNav is the table of contents in language lang, marking the page
// with slug current.
func docsNav(pages []*docs.Page, lang, current string) []templates.DocsGroup {
	var out []templates.DocsGroup
	for _, g := range docs.Groups() {
		vg := templates.DocsGroup{Heading: docs.GroupHeading(g, lang)}
		for _, pg := range pages {
			if pg.Group != g {
				continue
			}
			vg.Entries = append(vg.Entries, templates.DocsEntry{
				Href:    docs.Href(pg.Slug),
				Title:   pg.Title,
				Summary: pg.Summary,
				Tags:    pg.Bugs,
				Current: pg.Slug == current,
			})
		}
		out = append(out, vg)
	}
	return out
}

// docsStepperURLs says where a docs page's live stepper lives: the embed
// view of the lesson at the key step of the named schedule, and the same
// state in the full playground.
func docsStepperURLs(st *docs.Stepper, lang string) (src, open string) {
	q := url.Values{}
	if st.Variant != "" {
		q.Set("variant", st.Variant)
	}
	q.Set("schedule", st.Schedule)
	q.Set("step", strconv.Itoa(st.Step))
	q.Set("lang", lang)
	return share.EmbedPath(st.Lesson, q), "/lesson/" + url.PathEscape(st.Lesson) + "?" + q.Encode()
}
