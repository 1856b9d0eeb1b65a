package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/go-chi/chi/v5"

	"lockstep/templates"
	"lockstep/web/docs"
	"lockstep/web/share"
	"lockstep/web/site"
)

// serveDocsIndex renders the docs' table of contents.
func (s *Server) serveDocsIndex(w http.ResponseWriter, r *http.Request) error {
	lang := string(site.ResolveLang(w, r))
	vm := templates.DocsIndex{
		Chrome: s.chrome(r, lang, docsTitle(lang)),
		Groups: docsNav(docs.Pages(), lang, ""),
	}
	return s.render(w, r, templates.DocsIndexView(vm))
}

// serveDocsPage renders one docs page, with its live steppers.
func (s *Server) serveDocsPage(w http.ResponseWriter, r *http.Request) error {
	slug := chi.URLParam(r, "slug")
	pages := docs.Pages()
	i := docsIndex(pages, slug)
	if i < 0 {
		return site.NotFound(fmt.Sprintf("There is no docs page %q.", slug), nil)
	}
	pg := pages[i]
	lang := string(site.ResolveLang(w, r))
	vm := templates.DocsPage{
		Chrome:   s.chrome(r, lang, pg.Title.In(lang)+" · "+docsTitle(lang)),
		Slug:     pg.Slug,
		Kicker:   pg.Kicker(lang),
		Heading:  pg.Title.In(lang),
		Summary:  pg.Summary.In(lang),
		Sections: pg.View(lang, docsEmbedURLs),
		Nav:      docsNav(pages, lang, slug),
	}
	if i > 0 {
		vm.Prev = &templates.DocsLink{Href: docs.Href(pages[i-1].Slug), Text: pages[i-1].Title.In(lang)}
	}
	if i+1 < len(pages) {
		vm.Next = &templates.DocsLink{Href: docs.Href(pages[i+1].Slug), Text: pages[i+1].Title.In(lang)}
	}
	return s.render(w, r, templates.DocsPageView(vm))
}

// docsTitle is the docs' name in language lang.
func docsTitle(lang string) string { return docs.Text{EN: "Docs", ZH: "文档"}.In(lang) }

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
	for _, g := range []docs.Group{docs.Primitives, docs.Bugs} {
		vg := templates.DocsGroup{Heading: docs.GroupHeading(g, lang)}
		for _, pg := range pages {
			if pg.Group != g {
				continue
			}
			vg.Entries = append(vg.Entries, templates.DocsEntry{
				Href:    docs.Href(pg.Slug),
				Title:   pg.Title.In(lang),
				Summary: pg.Summary.In(lang),
				Tags:    pg.Bugs,
				Current: pg.Slug == current,
			})
		}
		out = append(out, vg)
	}
	return out
}

// docsEmbedURLs says where a docs page's live stepper lives: the embed
// view of the lesson at the key step of the named schedule, and the same
// state in the full playground.
func docsEmbedURLs(e docs.Embed, lang string) (src, open string) {
	q := url.Values{}
	if e.Variant != "" {
		q.Set("variant", e.Variant)
	}
	q.Set("schedule", e.Schedule)
	q.Set("step", strconv.Itoa(e.Step))
	q.Set("lang", lang)
	return share.EmbedPath(e.Lesson, q), "/lesson/" + url.PathEscape(e.Lesson) + "?" + q.Encode()
}
