package web

import (
	"fmt"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"lockstep/scenarios"
	"lockstep/web/docs"
	"lockstep/web/site"
)

// newDocsServer is a server over the real catalog, which the docs pages
// link to.
func newDocsServer(t *testing.T) *Server {
	t.Helper()
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := NewServer(Config{Catalog: cat, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// docsGet requests path from srv and returns the response and its body.
func docsGet(t *testing.T, srv *Server, path string) (*http.Response, string) {
	t.Helper()
	w := httptest.NewRecorder()
	srv.Handler().ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
	res := w.Result()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(body)
}

var (
	docsIframeTag = regexp.MustCompile(`<iframe\b[^>]*>`)
	docsOpenLink  = regexp.MustCompile(`<a class="docs-open" href="([^"]*)"`)
)

// docsAttr returns the value of attribute name in tag, and whether it is there.
func docsAttr(tag, name string) (string, bool) {
	m := regexp.MustCompile(`\s` + name + `="([^"]*)"`).FindStringSubmatch(tag)
	if m == nil {
		return "", false
	}
	return html.UnescapeString(m[1]), true
}

// TestDocsPagesRender renders every docs page in both languages and follows
// every live stepper: each iframe has a title and shows an existing lesson
// through the embed view, and its "Open in Lockstep" link opens the same
// lesson in the playground.
func TestDocsPagesRender(t *testing.T) {
	srv := newDocsServer(t)
	for _, lang := range []string{docs.EN, docs.ZH} {
		pages := srv.docs.Pages(lang)
		if len(pages) == 0 {
			t.Fatalf("%s: no docs pages", lang)
		}
		for _, pg := range pages {
			t.Run(pg.Slug+"/"+lang, func(t *testing.T) {
				res, body := docsGet(t, srv, "/docs/"+pg.Slug+"?lang="+lang)
				checkDocsHTML(t, res, body, lang)
				if h1 := "<h1>" + html.EscapeString(pg.Title) + "</h1>"; !strings.Contains(body, h1) {
					t.Errorf("the page has no %s", h1)
				}
				tags := docsIframeTag.FindAllString(body, -1)
				if len(tags) != len(pg.Steppers()) {
					t.Errorf("%d iframes; want %d, one per live stepper", len(tags), len(pg.Steppers()))
				}
				for _, tag := range tags {
					checkDocsIframe(t, srv, tag, lang)
				}
				for _, m := range docsOpenLink.FindAllStringSubmatch(body, -1) {
					href := html.UnescapeString(m[1])
					if !strings.HasPrefix(href, "/lesson/") {
						t.Errorf("Open in Lockstep links to %q; want a lesson page", href)
					}
					if res, _ := docsGet(t, srv, href); res.StatusCode != http.StatusOK {
						t.Errorf("GET %s: %s", href, res.Status)
					}
				}
			})
		}
	}
}

// checkDocsHTML checks that a page was served as HTML in language lang.
func checkDocsHTML(t *testing.T, res *http.Response, body, lang string) {
	t.Helper()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %s; want 200 OK (body %.300s)", res.Status, body)
	}
	if got := res.Header.Get("Content-Type"); got != "text/html; charset=utf-8" {
		t.Errorf("Content-Type %q; want text/html; charset=utf-8", got)
	}
	if want := `<html lang="` + lang + `">`; !strings.Contains(body, want) {
		t.Errorf("the page does not start with %s", want)
	}
}

// checkDocsIframe checks one live stepper of a docs page in language lang.
func checkDocsIframe(t *testing.T, srv *Server, tag, lang string) {
	t.Helper()
	if title, ok := docsAttr(tag, "title"); !ok || strings.TrimSpace(title) == "" {
		t.Errorf("%s has no title", tag)
	}
	src, _ := docsAttr(tag, "src")
	u, err := url.Parse(src)
	if err != nil {
		t.Fatalf("%s: %v", tag, err)
	}
	id, ok := strings.CutPrefix(u.Path, "/embed/")
	if !ok {
		t.Fatalf("%s does not show the embed view", tag)
	}
	if _, err := srv.Lookup(id); err != nil {
		t.Errorf("%s shows lesson %q: %v", tag, id, err)
	}
	if got := u.Query().Get("lang"); got != lang {
		t.Errorf("%s asks for language %q; want %q", tag, got, lang)
	}
	if res, body := docsGet(t, srv, src); res.StatusCode != http.StatusOK {
		t.Errorf("GET %s: %s (%.300s)", src, res.Status, body)
	}
}

func TestDocsIndex(t *testing.T) {
	srv := newDocsServer(t)
	for _, lang := range []string{"en", "zh"} {
		res, body := docsGet(t, srv, "/docs?lang="+lang)
		checkDocsHTML(t, res, body, lang)
		for _, pg := range srv.docs.Pages(lang) {
			if href := `href="/docs/` + pg.Slug + `"`; !strings.Contains(body, href) {
				t.Errorf("%s: the index has no link %s", lang, href)
			}
		}
	}
}

func TestDocsErrors(t *testing.T) {
	srv := newDocsServer(t)
	for _, path := range []string{"/docs/nope", "/docs/event/more", "/docs/EVENT"} {
		if res, _ := docsGet(t, srv, path); res.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %s; want 404 Not Found", path, res.Status)
		}
	}
}

// TestDocsLanguage checks that the docs follow the language resolver: the
// Accept-Language header, then the cookie an explicit choice left.
func TestDocsLanguage(t *testing.T) {
	srv := newDocsServer(t)
	req := httptest.NewRequest(http.MethodGet, "/docs/event", nil)
	req.Header.Set("Accept-Language", "zh-CN,zh;q=0.9")
	w := httptest.NewRecorder()
	srv.Handler().ServeHTTP(w, req)
	if body := w.Body.String(); !strings.Contains(body, `<html lang="zh">`) || !strings.Contains(body, "状态字") {
		t.Errorf("with Accept-Language zh-CN the page is not in Chinese (%.200s)", body)
	}
	req = httptest.NewRequest(http.MethodGet, "/docs/event", nil)
	req.Header.Set("Accept-Language", "zh-CN")
	req.AddCookie(&http.Cookie{Name: site.LangCookie, Value: "en"})
	w = httptest.NewRecorder()
	srv.Handler().ServeHTTP(w, req)
	if body := w.Body.String(); !strings.Contains(body, `<html lang="en">`) || !strings.Contains(body, "The state word") {
		t.Errorf("with the cookie lang=en the page is not in English (%.200s)", body)
	}
}

// TestDocsBrokenPage checks that a page whose file has errors is answered
// with an error page that says so, while the other pages are served.
func TestDocsBrokenPage(t *testing.T) {
	srv := newDocsServer(t)
	page := "---\nslug: %s\norder: %d\ngroup: primitives\ntitle: %s\nsummary: A page.\n---\n\n## Part {#part}\n\nText.\n"
	site, err := docs.LoadFS(fstest.MapFS{
		"en/good.md":   {Data: []byte(fmt.Sprintf(page, "good", 1, "Good"))},
		"zh/good.md":   {Data: []byte(fmt.Sprintf(page, "good", 1, "好"))},
		"en/broken.md": {Data: []byte(fmt.Sprintf(page, "broken", 2, "Broken"))},
		"zh/broken.md": {Data: []byte("## no front matter\n")},
	})
	if err == nil {
		t.Fatal("LoadFS: no error for a broken page")
	}
	srv.docs = site
	if res, body := docsGet(t, srv, "/docs/broken?lang=zh"); res.StatusCode != http.StatusInternalServerError || !strings.Contains(body, "its file has errors") || !strings.Contains(body, "zh/broken.md:1:") {
		t.Errorf("GET a broken page: %s; want 500 and a clear message (%.300s)", res.Status, body)
	}
	if res, body := docsGet(t, srv, "/docs/broken?lang=en"); res.StatusCode != http.StatusOK || !strings.Contains(body, "<h1>Broken</h1>") {
		t.Errorf("GET the page in the language that reads: %s (%.300s)", res.Status, body)
	}
	if res, _ := docsGet(t, srv, "/docs/good?lang=zh"); res.StatusCode != http.StatusOK {
		t.Errorf("GET a good page beside a broken one: %s", res.Status)
	}
	if res, _ := docsGet(t, srv, "/docs?lang=zh"); res.StatusCode != http.StatusOK {
		t.Errorf("GET the index beside a broken page: %s", res.Status)
	}
}

// TestBugPages checks the docs page a glossary entry links each bug code
// to: the bug's own page, never a primitive's that only mentions it.
func TestBugPages(t *testing.T) {
	srv := newDocsServer(t)
	got := srv.bugPages()
	if got["B5"] != "/docs/b5-lost-wakeup" {
		t.Errorf("B5 links to %q; want /docs/b5-lost-wakeup", got["B5"])
	}
	for _, pg := range srv.docs.Pages("en") {
		if pg.Group != docs.Bugs {
			continue
		}
		for _, b := range pg.Bugs {
			if p := strings.TrimPrefix(got[b], "/docs/"); p == "" || pageGroup(srv, p) != docs.Bugs {
				t.Errorf("%s (told on %s) links to %q; want a bug's page", b, pg.Slug, got[b])
			}
		}
	}
}

// pageGroup is the group of the docs page slug.
func pageGroup(srv *Server, slug string) docs.Group {
	pg, err := srv.docs.Page(slug, "en")
	if err != nil {
		return -1
	}
	return pg.Group
}
