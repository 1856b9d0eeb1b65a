package templates

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"golang.org/x/net/html"
)

var update = flag.Bool("update", false, "rewrite the HTML snapshots in testdata")

// pages are the pages under test, each rendered from a fixed view model.
func pages() map[string]templ.Component {
	chrome := func(lang, title string) Chrome {
		return Chrome{Lang: lang, Title: title, AssetVersion: "abc123", Languages: []Link{
			{Href: "/?lang=en", Text: "English", Key: "en", Current: lang == "en"},
			{Href: "/?lang=zh", Text: "中文", Key: "zh", Current: lang == "zh"},
		}}
	}
	step := 3
	return map[string]templ.Component{
		"catalog": Catalog(CatalogPage{Chrome: chrome("en", "Lessons"), Groups: []LessonGroup{{
			Primitive: "wait_group", Title: "wait_group",
			Lessons: []LessonLink{{ID: "wg-lost-wakeup", Href: "/lesson/wg-lost-wakeup", Title: "The lost wakeup",
				Summary: "done() slips in between.", Bugs: []string{"B5"}, Variants: []string{"tinycoro", "fixed"}, Challenge: "/lesson/wg-lost-wakeup?challenge=1&lang=en"}},
		}}}),
		"lesson": Lesson(LessonPage{
			Chrome: chrome("zh", "丢失的唤醒"), ID: "wg-lost-wakeup", Primitive: "wait_group", Summary: "done() 插在中间。",
			Variants: []Link{
				{Href: "/lesson/wg-lost-wakeup?variant=tinycoro", Text: "tinycoro", Key: "tinycoro", Current: true},
				{Href: "/lesson/wg-lost-wakeup?variant=fixed", Text: "fixed", Key: "fixed"},
			},
			Initial: Initial{Protocol: 1, Lesson: "wg-lost-wakeup", Variant: "tinycoro", Params: map[string]int{"waiters": 2, "workers": 1},
				Schedule: "lost", Step: &step, Lang: "zh", Socket: "/ws"},
		}),
		"howto": Howto(HowtoPage{Chrome: chrome("en", "How to use the playground"),
			Shortcuts: []Shortcut{{Keys: []string{"←", "→"}, Text: "back and forward"}},
			Outcomes:  []Outcome{{Kind: "ok", Text: "every coroutine finished"}, {Kind: "lost-wakeup", Text: "nothing will resume it"}},
		}),
		"handout": Handout(HandoutPage{Chrome: chrome("en", "Handout: The lost wakeup"), LessonTitle: "The lost wakeup",
			Summary: "done() slips in between.", Variant: "tinycoro", Params: []string{"waiters=1"}, ScheduleName: "lost",
			Schedule: "W1 D1", Verdict: "lost-wakeup: W1 parked", VerdictKind: "lost-wakeup", Bad: true,
			Rows: []HandoutRow{{Index: 1, Thread: "W1", Label: "G1", Op: "load wg.m_count acquire -> 1", Values: "m_count=1"},
				{Index: 2, Thread: "D1", Label: "D1", Op: "fetch_add wg.m_count", Events: "W1 parks", Values: "m_count=0", Blamed: true, Marked: true,
					Findings: []string{"lost-wakeup: W1"}}},
			Scripts:    []HandoutScript{{Who: "W1", Script: "wait"}, {Who: "D1", Script: "done"}},
			Algorithms: []HandoutAlgorithm{{Op: "wait", Lines: []HandoutLine{{Label: "G1", Code: "if (m_count.load(acquire) == 0) return false;"}}}},
			Pictures:   []HandoutPicture{{Caption: "At the start", SVG: `<svg xmlns="http://www.w3.org/2000/svg"></svg>`}},
			LessonURL:  "/lesson/wg-lost-wakeup?schedule=lost",
		}),
		"error": Error(ErrorPage{Chrome: chrome("en", "Not Found"), Status: 404, Message: `There is no lesson "nope".`}),
	}
}

func render(t *testing.T, c templ.Component) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := c.Render(context.Background(), &b); err != nil {
		t.Fatalf("render: %v", err)
	}
	return b.Bytes()
}

// TestSnapshots compares every page with its snapshot in testdata;
// go test -update rewrites them.
func TestSnapshots(t *testing.T) {
	for name, c := range pages() {
		t.Run(name, func(t *testing.T) {
			got := render(t, c)
			file := filepath.Join("testdata", name+".html")
			if *update {
				if err := os.WriteFile(file, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run go test -update to write it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from %s:\n got: %s\nwant: %s\n(run go test -update if the change is meant)", name, file, got, want)
			}
		})
	}
}

// TestPageStructure parses each page and checks the elements the browser
// code and the tests rely on.
func TestPageStructure(t *testing.T) {
	tests := []struct {
		page  string
		lang  string
		ids   []string
		tests []string // data-testid values
		attrs map[string]map[string]string
	}{
		{
			page: "lesson", lang: "zh",
			ids:   []string{"app", "controls", "threads", "stage", "code", "narration", "timeline", "verdict", "shortcuts", "variants", "languages", "lockstep-initial"},
			tests: []string{"app", "site-header", "lesson-title", "variants", "languages"},
			attrs: map[string]map[string]string{
				"app": {"data-lesson": "wg-lost-wakeup", "data-variant": "tinycoro", "data-params": `{"waiters":2,"workers":1}`,
					"data-schedule": "lost", "data-step": "3", "data-lang": "zh"},
				"narration":        {"aria-live": "polite"},
				"lockstep-initial": {"type": "application/json"},
			},
		},
		{page: "catalog", lang: "en", ids: []string{"catalog", "languages"}, tests: []string{"catalog", "primitive", "lesson"}},
		{page: "howto", lang: "en", ids: []string{"howto"}, tests: []string{"howto", "howto-scheduler", "howto-shortcuts", "howto-outcomes"}},
		{page: "error", lang: "en", ids: []string{"error"}, tests: []string{"error", "error-message"},
			attrs: map[string]map[string]string{"error": {"data-status": "404"}}},
	}
	all := pages()
	for _, tt := range tests {
		t.Run(tt.page, func(t *testing.T) {
			doc, err := html.Parse(bytes.NewReader(render(t, all[tt.page])))
			if err != nil {
				t.Fatal(err)
			}
			ids, testids := map[string]*html.Node{}, map[string]bool{}
			var lang string
			var scripts, styles []string
			for n := range doc.Descendants() {
				if n.Type != html.ElementNode {
					continue
				}
				if id := attr(n, "id"); id != "" {
					if ids[id] != nil {
						t.Errorf("id %q appears twice", id)
					}
					ids[id] = n
				}
				if v := attr(n, "data-testid"); v != "" {
					testids[v] = true
				}
				switch n.Data {
				case "html":
					lang = attr(n, "lang")
				case "script":
					if src := attr(n, "src"); src != "" {
						scripts = append(scripts, attr(n, "type")+" "+src)
					}
				case "link":
					if attr(n, "rel") == "stylesheet" {
						styles = append(styles, attr(n, "href"))
					}
				}
			}
			if lang != tt.lang {
				t.Errorf("<html lang=%q>; want %q", lang, tt.lang)
			}
			for _, id := range tt.ids {
				if ids[id] == nil {
					t.Errorf("no element with id %q", id)
				}
			}
			for _, v := range tt.tests {
				if !testids[v] {
					t.Errorf("no element with data-testid %q", v)
				}
			}
			for id, want := range tt.attrs {
				for k, v := range want {
					if n := ids[id]; n != nil && attr(n, k) != v {
						t.Errorf("#%s %s=%q; want %q", id, k, attr(n, k), v)
					}
				}
			}
			if len(styles) == 0 || styles[0] != "/static/app.css?v=abc123" {
				t.Errorf("style sheets %v; want /static/app.css?v=abc123 first", styles)
			}
			if tt.page == "lesson" && !contains(scripts, "module /static/app.js?v=abc123") {
				t.Errorf("scripts %v; want the module /static/app.js?v=abc123", scripts)
			}
		})
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if strings.TrimSpace(x) == s {
			return true
		}
	}
	return false
}

func TestT(t *testing.T) {
	tests := []struct{ lang, key, want string }{
		{"en", "nav.lessons", "Lessons"},
		{"zh", "nav.lessons", "课程"},
		{"fr", "nav.lessons", "Lessons"},
		{"en", "no.such.key", "no.such.key"},
	}
	for _, tt := range tests {
		if got := T(tt.lang, tt.key); got != tt.want {
			t.Errorf("T(%q, %q) = %q; want %q", tt.lang, tt.key, got, tt.want)
		}
	}
	for key, txt := range uiText {
		if txt.en == "" || txt.zh == "" {
			t.Errorf("UI string %q lacks a language: %+v", key, txt)
		}
	}
}
