package web

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/go-chi/chi/v5"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/templates"
)

// serveCatalog renders the list of lessons, grouped by primitive.
func (s *Server) serveCatalog(w http.ResponseWriter, r *http.Request) error {
	lang := string(ResolveLang(w, r))
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
	}
	return s.render(w, r, templates.Catalog(page))
}

// lessonQuery names the query parameters of a lesson page that are not
// the lesson's own parameters; present=1 and compare=1 are read by the
// page's script (static/present.js, static/compare.js).
var lessonQuery = []string{"variant", "schedule", "step", "lang", "h", "src", "present", "compare"}

// serveLesson renders the playground page of one lesson. The query picks
// the variant, the parameters (?waiters=2), a schedule (a name or text),
// a step and the language; they are checked here and passed to the page,
// which asks for them over the WebSocket.
func (s *Server) serveLesson(w http.ResponseWriter, r *http.Request) error {
	id := chi.URLParam(r, "id")
	lang := string(ResolveLang(w, r))
	lesson, err := s.pageLesson(r, id, lang) // a catalog lesson, or one from the link (link.go)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	variant := q.Get("variant")
	if variant == "" {
		variant = lesson.Variants[0]
	}
	if !slices.Contains(lesson.Variants, variant) {
		return notFound(phrase{fmt.Sprintf("Lesson %s has no variant %q; it has %s.", id, variant, strings.Join(lesson.Variants, ", ")),
			fmt.Sprintf("课程 %s 没有版本 %q；它有 %s。", id, variant, strings.Join(lesson.Variants, "、"))}.in(lang), nil)
	}
	params, err := queryParams(lesson, q)
	if err != nil {
		return badRequest(err.Error(), nil)
	}
	initial := templates.Initial{Protocol: ProtocolVersion, Lesson: id, Variant: variant, Params: params, Lang: lang, Socket: "/ws"}
	if text := q.Get("schedule"); text != "" {
		if _, err := lessonSchedule(lesson, variant, text); err != nil {
			return badRequest(phrase{"The schedule cannot be read: " + err.Error(), "无法读取调度：" + err.Error()}.in(lang), nil)
		}
		initial.Schedule = text
	}
	if q.Has("step") {
		step, err := strconv.Atoi(q.Get("step"))
		if err != nil || step < 0 || step > sim.MaxScheduleSteps {
			return badRequest(phrase{fmt.Sprintf("step=%q is not a step number.", q.Get("step")),
				fmt.Sprintf("step=%q 不是一个步骤编号。", q.Get("step"))}.in(lang), nil)
		}
		initial.Step = &step
	}
	notices := linkState(lesson, &initial, q, lang)
	page := templates.LessonPage{
		Chrome: s.chrome(r, lang, lesson.Title.In(lang)), ID: id, Primitive: lesson.Primitive,
		Summary: lesson.Summary.In(lang), Initial: initial, Notices: notices, NoEmbed: id == customLessonID,
	}
	for _, v := range lesson.Variants {
		u := *r.URL
		qv := u.Query()
		qv.Set("variant", v)
		u.RawQuery = qv.Encode()
		page.Variants = append(page.Variants, templates.Link{Href: u.RequestURI(), Text: v, Key: v, Current: v == variant})
	}
	return s.render(w, r, templates.Lesson(page))
}

// queryParams reads the lesson's parameters from the query and resolves
// them against the lesson's defaults.
func queryParams(lesson *scenarios.Scenario, q url.Values) (map[string]int, error) {
	overrides := map[string]int{}
	for name, vals := range q {
		if slices.Contains(lessonQuery, name) {
			continue
		}
		n, err := strconv.Atoi(vals[0])
		if err != nil {
			return nil, fmt.Errorf("Parameter %s=%q is not a whole number.", name, vals[0])
		}
		overrides[name] = n
	}
	params, err := lesson.Resolve(overrides)
	if err != nil {
		return nil, fmt.Errorf("Bad parameter: %v.", err)
	}
	return params, nil
}

// serveHowto renders the how-to page.
func (s *Server) serveHowto(w http.ResponseWriter, r *http.Request) error {
	lang := string(ResolveLang(w, r))
	page := templates.HowtoPage{Chrome: s.chrome(r, lang, templates.T(lang, "howto.title")), Shortcuts: shortcuts(lang)}
	for _, k := range sim.Kinds {
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
	return notFound(fmt.Sprintf("There is no page at %s.", r.URL.Path), nil)
}

// render writes a page. Pages are rendered to a buffer first, so a
// failure can still become an error page.
func (s *Server) render(w http.ResponseWriter, r *http.Request, c templ.Component) error {
	var b strings.Builder
	if err := c.Render(r.Context(), &b); err != nil {
		return fmt.Errorf("render %s: %w", r.URL.Path, err)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = io.WriteString(w, b.String()) // a failed write means the client left
	return nil
}

// chrome is what every page shares, for request r in language lang.
func (s *Server) chrome(r *http.Request, lang, title string) templates.Chrome {
	c := templates.Chrome{Lang: lang, Title: title, AssetVersion: s.assets.version}
	for _, l := range []struct{ code, name string }{{"en", "English"}, {"zh", "中文"}} {
		u := *r.URL
		q := u.Query()
		q.Set("lang", l.code)
		u.RawQuery = q.Encode()
		c.Languages = append(c.Languages, templates.Link{Href: u.RequestURI(), Text: l.name, Key: l.code, Current: l.code == lang})
	}
	return c
}

// lessonHref is the link to a lesson's page in language lang.
func lessonHref(id, lang string) string {
	u := "/lesson/" + url.PathEscape(id)
	if lang != "en" {
		u += "?lang=" + lang
	}
	return u
}
