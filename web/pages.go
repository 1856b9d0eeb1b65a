package web

import (
	"fmt"
	"net/http"
	"net/url"

	"lockstep/scenarios"
	"lockstep/sim/outcome"
	"lockstep/templates"
	"lockstep/web/site"
)

// serveCatalog renders the list of lessons, grouped by primitive.
func (s *Server) serveCatalog(w http.ResponseWriter, r *http.Request) error {
	lang := string(site.ResolveLang(w, r))
	page := templates.CatalogPage{Chrome: s.chrome(r, lang, templates.T(lang, "catalog.title"))}
	for _, l := range s.catalog.All() {
		n := len(page.Groups)
		if n == 0 || page.Groups[n-1].Primitive != l.Primitive {
			page.Groups = append(page.Groups, templates.LessonGroup{Primitive: l.Primitive, Title: primitiveTitle(l.Primitive, lang)})
			n++
		}
		g := &page.Groups[n-1]
		g.Lessons = append(g.Lessons, templates.LessonLink{
			ID: l.ID, Href: lessonHref(l.ID, lang), Title: l.Title.In(lang), Summary: l.Summary.In(lang),
			Bugs: l.Bugs, Variants: l.Variants,
		})
		if hasChallenge(l) {
			g.Lessons[len(g.Lessons)-1].Challenge = challengeHref(l.ID, lang)
		}
	}
	return s.render(w, r, templates.Catalog(page))
}

// challengeHref is the address of lesson id's page with its challenge
// open, in language lang.
func challengeHref(id, lang string) string {
	return "/lesson/" + url.PathEscape(id) + "?" + url.Values{"challenge": {"1"}, "lang": {lang}}.Encode()
}

// hasChallenge reports whether lesson l can be played as a challenge.
func hasChallenge(l *scenarios.Scenario) bool {
	c, err := l.Challenge()
	return err == nil && c != nil
}

// serveHowto renders the how-to page.
func (s *Server) serveHowto(w http.ResponseWriter, r *http.Request) error {
	lang := string(site.ResolveLang(w, r))
	page := templates.HowtoPage{Chrome: s.chrome(r, lang, templates.T(lang, "howto.title")), Shortcuts: shortcuts(lang)}
	for _, k := range outcome.Kinds {
		page.Outcomes = append(page.Outcomes, templates.Outcome{Kind: string(k), Text: outcomeText(k, lang)})
	}
	return s.render(w, r, templates.Howto(page))
}

// serveHealth answers a health check.
func (s *Server) serveHealth(w http.ResponseWriter, _ *http.Request) error {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte("ok\n")) // a failed write means the client left
	return nil
}

// serveNotFound answers a path no route matches.
func (s *Server) serveNotFound(w http.ResponseWriter, r *http.Request) error {
	return site.NotFound(fmt.Sprintf("There is no page at %s.", r.URL.Path), nil)
}

// lessonHref is the link to a lesson's page in language lang.
func lessonHref(id, lang string) string {
	u := "/lesson/" + url.PathEscape(id)
	if lang != "en" {
		u += "?lang=" + lang
	}
	return u
}
