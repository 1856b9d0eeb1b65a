package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"net/url"
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/web/internal/webtest"
	"lockstep/web/playground"
)

// deflated compresses text with raw deflate and encodes it as a link's
// src, without encodeSource's limits, to make links it would refuse.
func deflated(t *testing.T, text []byte) string {
	t.Helper()
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(text); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return base64.RawURLEncoding.EncodeToString(b.Bytes())
}

func TestSourceRoundTrip(t *testing.T) {
	src, err := encodeSource([]byte(webtest.CustomLesson))
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(src, "+/=") || url.QueryEscape(src) != src {
		t.Errorf("src %q is not plain base64url", src)
	}
	text, err := decodeSource(src)
	if err != nil || string(text) != webtest.CustomLesson {
		t.Fatalf("decodeSource(encodeSource(lesson)) = %q, %v; want the lesson back", text, err)
	}
	if _, err := decodeSource(src + "=="); err != nil {
		t.Errorf("decodeSource with padding: %v; want it read", err)
	}
	l, err := CustomLesson(src)
	if err != nil || l.ID != playground.CustomLessonID || l.Title.EN != "Mine" {
		t.Errorf("CustomLesson = %v, %v; want the lesson Mine", l, err)
	}
}

func TestSourceRefused(t *testing.T) {
	good, err := encodeSource([]byte(webtest.CustomLesson))
	if err != nil {
		t.Fatal(err)
	}
	// Text that does not compress: every byte a fresh pseudo-random one.
	noise := make([]byte, 16<<10)
	x := uint32(1)
	for i := range noise {
		x = x*1664525 + 1013904223
		noise[i] = 'a' + byte(x>>24)%26
	}
	tests := []struct {
		name, src, want string
	}{
		{"empty", "", "carries no lesson"},
		{"not base64", "@@@@", "not base64url"},
		{"cut short", good[:len(good)/2], "does not decompress"},
		{"not deflate", base64.RawURLEncoding.EncodeToString([]byte("hello, world")), "does not decompress"},
		{"too long a parameter", strings.Repeat("A", maxSourceParam+10), "bytes compressed"},
		{"too big compressed", deflated(t, noise), "bytes compressed"},
		{"a bomb", deflated(t, bytes.Repeat([]byte(" "), maxSourceText+1)), "more than 65536 bytes"},
		{"not a lesson", deflated(t, []byte(`{"id": "custom", "cats": 1}`)), `unknown field "cats"`},
		{"not json", deflated(t, []byte(`lesson`)), "cannot be read"},
		{"a catalog id", deflated(t, []byte(strings.Replace(webtest.CustomLesson, `"custom"`, `"wg-basic"`, 1))), `has id "wg-basic"`},
		{"a long step limit", deflated(t, []byte(strings.Replace(webtest.CustomLesson, `"init"`, `"step_limit": 100000, "init"`, 1))), "step limit of 100000"},
		{"a variant named thousands of times", manyVariantsSource(t), "is more than 8"},
		{"a bad script", deflated(t, []byte(strings.Replace(webtest.CustomLesson, `"script": "done"`, `"script": "dome"`, 1))), `unknown operation "dome"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := CustomLesson(tt.src)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("CustomLesson = %v, %v; want an error with %q", l, err, tt.want)
			}
		})
	}
	if _, err := encodeSource(bytes.Repeat([]byte("x"), maxSourceText+1)); err == nil {
		t.Error("encodeSource of more than 64 KiB: no error")
	}
	if _, err := encodeSource(noise); err == nil {
		t.Error("encodeSource of text that compresses to more than 8 KiB: no error")
	}
}

// TestDeepLinks opens links to the test lesson, well-formed or not, and
// checks what the page says about them.
func TestDeepLinks(t *testing.T) {
	srv := testSite(t)
	l, err := webtest.Catalog(t).Lookup("test-wakeup")
	if err != nil {
		t.Fatal(err)
	}
	h := l.Fingerprint()
	src, err := encodeSource([]byte(webtest.CustomLesson))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path string
		status     int
		want       []string // in the body
		not        []string // not in the body
	}{
		{name: "the same lesson", path: "/lesson/test-wakeup?schedule=W1*5+D1*2&step=7&h=" + h, status: 200,
			want: []string{`data-step="7"`, `data-schedule="W1*5 D1*2"`}, not: []string{"link-notice"}},
		{name: "a changed lesson", path: "/lesson/test-wakeup?schedule=W1*5+D1*2&step=7&h=0123456789ab", status: 200,
			want: []string{"This lesson has changed since the link was made", `data-step="7"`}},
		{name: "a changed lesson, in Chinese", path: "/lesson/test-wakeup?h=0123456789ab&lang=zh", status: 200,
			want: []string{"这节课已经改过了"}},
		{name: "a schedule that no longer replays", path: "/lesson/test-wakeup?schedule=W1*3+D1*5&step=4&h=0123456789ab", status: 200,
			want: []string{"This lesson has changed", "step 6 (D1) failed: D1 cannot move: D1 has finished", `data-step=""`, `data-schedule=""`}},
		{name: "a label that no longer matches", path: "/lesson/test-wakeup?schedule=W1@G1+W1@G7&step=2", status: 200,
			want: []string{"step 2 (W1@G7) failed: W1 is at G2, not G7"}},
		{name: "no such thread, in Chinese", path: "/lesson/test-wakeup?schedule=X9&lang=zh", status: 200,
			want: []string{"第 1 步（X9）失败：没有线程 &#34;X9&#34;（线程有："}},
		{name: "a step past the end", path: "/lesson/test-wakeup?schedule=lost&step=500", status: 200,
			want: []string{"asks for step 500, but this run has 8 steps", `data-step="8"`}},
		{name: "a step without a schedule", path: "/lesson/test-wakeup?step=3", status: 200,
			want: []string{"carries no schedule", `data-step=""`}},
		{name: "an absurd step", path: "/lesson/test-wakeup?schedule=lost&step=99999999999999999999", status: 400,
			want: []string{"not a step number"}},
		{name: "bad schedule text", path: "/lesson/test-wakeup?schedule=W1%40%40", status: 400, want: []string{"The schedule cannot be read"}},
		{name: "an unknown parameter", path: "/lesson/test-wakeup?cats=3", status: 400, want: []string{"has no parameter"}},
		{name: "an oversized query", path: "/lesson/test-wakeup?schedule=" + strings.Repeat("W1+", 3000), status: 414,
			want: []string{"This link is too long"}},
		{name: "a lesson from a link", path: "/lesson/custom?src=" + src + "&schedule=lost&step=3", status: 200,
			want: []string{`data-lesson="custom"`, `"source":"` + src + `"`, `data-step="3"`, "<h1 data-testid=\"lesson-title\">Mine</h1>"},
			not:  []string{"embed-share"}},
		{name: "a lesson from a link, damaged", path: "/lesson/custom?src=" + src[:len(src)/2], status: 400,
			want: []string{"is damaged"}},
		{name: "a lesson from a link, damaged, in Chinese", path: "/lesson/custom?lang=zh&src=" + src[:len(src)/2], status: 400,
			want: []string{"已损坏"}},
		{name: "the custom lesson without its source", path: "/lesson/custom", status: 400, want: []string{"carries none"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := page(t, srv, tt.path)
			if status != tt.status {
				t.Errorf("status %d; want %d", status, tt.status)
			}
			for _, w := range tt.want {
				if !strings.Contains(body, htmlText(w)) {
					t.Errorf("the page does not say %q", w)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(body, n) {
					t.Errorf("the page has %q", n)
				}
			}
		})
	}
}

// htmlText is s as a page's text shows it: quotes escaped.
func htmlText(s string) string {
	if strings.HasPrefix(s, "data-") || strings.HasPrefix(s, "<h1") || strings.HasPrefix(s, `"source"`) {
		return s
	}
	return strings.NewReplacer(`"`, "&#34;", "'", "&#39;").Replace(s)
}

// TestNoCatalogLessonIsCustom keeps the id of lessons from links free.
func TestNoCatalogLessonIsCustom(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cat.Lookup(playground.CustomLessonID); err == nil {
		t.Errorf("the catalog has a lesson %q: /lesson/%s is the playground of lessons from links", playground.CustomLessonID, playground.CustomLessonID)
	}
}

// realLessons are the catalog's lessons.
func realLessons(t *testing.T) []*scenarios.Scenario {
	t.Helper()
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cat.All()
}

// FuzzCustomLesson feeds CustomLesson any src: it reads a lesson or says
// why not, and never panics.
func FuzzCustomLesson(f *testing.F) {
	good, err := encodeSource([]byte(webtest.CustomLesson))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add("")
	f.Add("AAAA")
	f.Fuzz(func(t *testing.T, src string) {
		l, err := CustomLesson(src)
		if (l == nil) == (err == nil) {
			t.Fatalf("CustomLesson = %v, %v; want a lesson or an error", l, err)
		}
		if l != nil && l.ID != playground.CustomLessonID {
			t.Fatalf("a lesson from a link with id %q", l.ID)
		}
	})
}
