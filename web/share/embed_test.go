package share

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"lockstep/web/internal/webtest"
)

func TestEmbedView(t *testing.T) {
	srv := realSite(t)
	tests := []struct {
		name, path string
		status     int
		body       []string // in the body
		notBody    []string // not in the body
	}{
		{name: "defaults", path: "/embed/wg-lost-wakeup", status: 200,
			body: []string{`id="app"`, `data-embed="1"`, `data-lesson="wg-lost-wakeup"`, `data-variant="tinycoro"`, `<html lang="en">`,
				`/static/embed.css`, `/static/app.js`, `id="embed-open"`, "Open in Lockstep", `class="embed-code"`,
				`data-panels="stage"`, `height=&#34;600&#34;`},
			notBody: []string{`data-testid="site-header"`, ";panels="}},
		{name: "the stage and the code", path: "/embed/wg-lost-wakeup?panels=code", status: 200,
			body: []string{`data-panels="code"`, `panels=code`, `height=&#34;600&#34;`}},
		{name: "every panel, in a taller frame", path: "/embed/wg-lost-wakeup?panels=all&step=3", status: 200,
			body: []string{`data-panels="all"`, `panels=all`, `height=&#34;760&#34;`, `data-step="3"`}},
		{name: "the stage, said", path: "/embed/wg-lost-wakeup?panels=stage", status: 200,
			body: []string{`data-panels="stage"`}},
		{name: "unknown panels", path: "/embed/wg-lost-wakeup?panels=timeline", status: 400,
			body: []string{`panels=&#34;timeline&#34;: want stage, code (the stage and the code) or all (and the timeline).`}},
		{name: "unknown panels, in Chinese", path: "/embed/wg-lost-wakeup?panels=x&lang=zh", status: 400,
			body: []string{`应为 stage、code`}},
		{name: "deep link", path: "/embed/wg-basic?variant=fixed&waiters=1&schedule=park-first&step=5&lang=zh", status: 200,
			body: []string{`data-variant="fixed"`, `data-params="{&#34;waiters&#34;:1,&#34;workers&#34;:2}"`, `data-schedule="park-first"`,
				`data-step="5"`, `data-lang="zh"`, `<html lang="zh">`, "在 Lockstep 中打开"}},
		{name: "schedule as text", path: "/embed/wg-lost-wakeup?schedule=W1*5+D1*2+W1&step=8", status: 200,
			body: []string{`data-schedule="W1*5 D1*2 W1"`, `data-step="8"`}},
		{name: "unknown lesson", path: "/embed/nope", status: 404, body: []string{"There is no lesson"}},
		{name: "unknown variant", path: "/embed/wg-basic?variant=nope", status: 404, body: []string{"has no variant"}},
		{name: "unknown parameter", path: "/embed/wg-basic?cats=2", status: 400},
		{name: "bad step", path: "/embed/wg-basic?step=x", status: 400, body: []string{"not a step number"}},
		{name: "negative step", path: "/embed/wg-basic?step=-2", status: 400},
		{name: "bad schedule", path: "/embed/wg-basic?schedule=W1+%3F%3F", status: 400, body: []string{"cannot be read"}},
		{name: "unknown variant, in Chinese", path: "/embed/wg-basic?variant=nope&lang=zh", status: 404, body: []string{"没有版本"}},
		{name: "bad schedule, in Chinese", path: "/embed/wg-basic?schedule=W1+%3F%3F&lang=zh", status: 400, body: []string{"无法读取调度：调度有误：第 1 行"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, body := get(t, srv, tt.path)
			if res.StatusCode != tt.status {
				t.Fatalf("status %s; want %d (%.300s)", res.Status, tt.status, body)
			}
			if got := res.Header.Get("Content-Type"); got != "text/html; charset=utf-8" {
				t.Errorf("Content-Type %q; want text/html; charset=utf-8", got)
			}
			webtest.CheckFraming(t, res.Header, true)
			for _, s := range tt.body {
				if !strings.Contains(body, s) {
					t.Errorf("the body has no %s", s)
				}
			}
			for _, s := range tt.notBody {
				if strings.Contains(body, s) {
					t.Errorf("the body has %s", s)
				}
			}
		})
	}
}

var (
	embedOpenHref = regexp.MustCompile(`id="embed-open"[^>]*href="([^"]*)"`)
	embedCode     = regexp.MustCompile(`<textarea[^>]*class="embed-code"[^>]*>([^<]*)</textarea>`)
	iframeTag     = regexp.MustCompile(`<iframe\b[^>]*>`)
)

// iframeAttr is attribute name of the first iframe in s, unescaped; ""
// when there is none.
func iframeAttr(s, name string) string {
	m := regexp.MustCompile(`\s` + name + `="([^"]*)"`).FindStringSubmatch(iframeTag.FindString(s))
	if m == nil {
		return ""
	}
	return html.UnescapeString(m[1])
}

// TestEmbedLinks checks that the embed view's way out and its embed code
// both reopen the state it was opened at, and that both work.
func TestEmbedLinks(t *testing.T) {
	srv := realSite(t)
	const query = "variant=fixed&waiters=1&schedule=park-first&step=5&lang=zh"
	res, body := get(t, srv, "/embed/wg-basic?"+query)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %s", res.Status)
	}
	want, _ := url.ParseQuery(query)
	want.Set("workers", "2") // the lesson's default, now explicit

	m := embedOpenHref.FindStringSubmatch(body)
	if m == nil {
		t.Fatal("no Open in Lockstep link")
	}
	open, err := url.Parse(html.UnescapeString(m[1]))
	if err != nil {
		t.Fatal(err)
	}
	if open.Path != "/lesson/wg-basic" || open.Query().Encode() != want.Encode() {
		t.Errorf("Open in Lockstep goes to %s; want /lesson/wg-basic?%s", open, want.Encode())
	}
	if res, _ := get(t, srv, open.String()); res.StatusCode != http.StatusOK {
		t.Errorf("GET %s: %s", open, res.Status)
	}

	m = embedCode.FindStringSubmatch(body)
	if m == nil {
		t.Fatal("no embed code")
	}
	snippet := html.UnescapeString(m[1])
	title, src := iframeAttr(snippet, "title"), iframeAttr(snippet, "src")
	if src == "" || title == "" {
		t.Fatalf("embed code %q: want an iframe with a title", snippet)
	}
	u, err := url.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	if u.Scheme != "http" || u.Host != "example.com" || u.Path != "/embed/wg-basic" || u.Query().Encode() != want.Encode() {
		t.Errorf("embed code shows %s; want http://example.com/embed/wg-basic?%s", u, want.Encode())
	}
}

// TestLessonPageHasEmbedCode checks that the playground page offers the
// embed code of the state it opens at.
func TestLessonPageHasEmbedCode(t *testing.T) {
	srv := realSite(t)
	_, body := get(t, srv, "/lesson/wg-lost-wakeup?schedule=lost&step=8")
	m := embedCode.FindStringSubmatch(body)
	if m == nil {
		t.Fatal("the playground page has no embed code")
	}
	src := iframeAttr(html.UnescapeString(m[1]), "src")
	u, err := url.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	if u.Path != "/embed/wg-lost-wakeup" || u.Query().Get("schedule") != "lost" || u.Query().Get("step") != "8" {
		t.Errorf("embed code shows %s; want the embed view of wg-lost-wakeup at schedule lost, step 8", src)
	}
}
