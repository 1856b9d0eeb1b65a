package share

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"lockstep/web/internal/webtest"
)

// FuzzLinkQuery requests /lesson/{id}, /embed/{id} and /handout/{id} with any query (the
// variant, parameters, schedule, step, h, lang, src): each is a page or an
// error page of a 4xx status, never a panic or a 5xx, and an answer stays
// within a bound of the query's size.
func FuzzLinkQuery(f *testing.F) {
	src, err := encodeSource([]byte(webtest.CustomLesson))
	if err != nil {
		f.Fatal(err)
	}
	for _, q := range []string{
		"", "variant=fixed", "variant=nope", "waiters=3&workers=2", "waiters=-1", "waiters=99999999999999999999",
		"schedule=lost&step=8", "schedule=W1*5+D1*2&step=3", "schedule=%23%23%23&step=-1", "step=1e9", "h=abc&lang=zh",
		"lang=xx&lang=zh", "src=" + src, "src=" + src[:len(src)/2], "x=%zz", "waiters=1&waiters=2", ";;&&==",
		"src=" + manyVariantsSource(f) + "&schedule=lost",
	} {
		f.Add("test-wakeup", q)
		f.Add("custom", q)
	}
	h := testSite(f)
	f.Fuzz(func(t *testing.T, id, rawQuery string) {
		if len(rawQuery) > 32<<10 {
			return // the server's URL cap (web.MaxRequestURI) answers before
		}
		for _, page := range []string{"/lesson/", "/embed/", "/handout/"} {
			u := page + url.PathEscape(id) + "?" + rawQuery
			req, err := http.NewRequest(http.MethodGet, "http://example.test"+u, nil)
			if err != nil {
				return // not a URL a client could send
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code >= 500 || (w.Code >= 300 && w.Code < 400) {
				t.Fatalf("GET %s: %d\n%.500s", u, w.Code, w.Body.String())
			}
			if limit := 200_000 + 4*len(u); w.Body.Len() > limit {
				t.Fatalf("GET %s: a %d-byte answer to a %d-byte URL", u, w.Body.Len(), len(u))
			}
		}
	})
}

// FuzzComposeCheck posts any body to /compose/check: the answer is JSON,
// errors by field or a link, or a 4xx, never a panic or a 5xx.
func FuzzComposeCheck(f *testing.F) {
	for _, body := range []string{
		`{"lang":"en","title":"Mine","primitive":"wait_group","variants":["tinycoro"],"init_count":"1",
		"coroutines":[{"name":"W","script":"wait"},{"name":"D","script":"done"}],"schedules":[{"name":"lost","steps":"W*5 D*2"}]}`,
		`{"lang":"zh","title":"","primitive":"mutex","variants":["tinycoro","lifo"],"coroutines":[{"name":"L","script":"lock\nunlock","count":"3"}]}`,
		`{"primitive":"event","variants":["fixed"],"coroutines":[{"name":"A","script":"set"},{"name":"B","script":"wait"}],"schedules":[{"steps":"B*99999"}]}`,
		`{"params":[{"name":"n","default":"70","min":"0","max":"64"}],"coroutines":[{"name":"W","script":"wait","count":"n"}]}`,
		`{}`, `[]`, `null`, `{"coroutines":null}`, "", "{", `{"title":"` + strings.Repeat("a", 300) + `"}`,
		manyVariantsDraft(f),
	} {
		f.Add(body)
	}
	h := testSite(f)
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest(http.MethodPost, "/compose/check", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		switch {
		case w.Code >= 500:
			t.Fatalf("POST /compose/check %q: %d\n%.500s", body, w.Code, w.Body.String())
		case w.Code == http.StatusOK:
			var reply checkReply
			if err := json.Unmarshal(w.Body.Bytes(), &reply); err != nil {
				t.Fatalf("POST /compose/check %q: 200 with %v", body, err)
			}
			if (reply.Link == "") == (len(reply.Errors) == 0) && utf8.ValidString(body) {
				t.Fatalf("POST /compose/check %q: link %q and %d errors; want one or the other", body, reply.Link, len(reply.Errors))
			}
		}
	})
}

// manyVariantsSource is the src of a lesson at the limits of a link that
// names its variant thousands of times, beside a text that does not
// compress: each variant was built, run and linked to from the page.
func manyVariantsSource(t testing.TB) string {
	t.Helper()
	noise := make([]byte, 7000)
	x := uint32(1)
	for i := range noise {
		x = x*1664525 + 1013904223
		noise[i] = 'a' + byte(x>>24)%26
	}
	text := strings.Replace(webtest.CustomLesson, `["Written in a test."]`, `["`+string(noise)+`"]`, 1)
	text = strings.Replace(text, `, "fixed": "ok"`, "", 1)
	variants := `"tinycoro"`
	for len(text)+len(variants) < maxSourceText-100 {
		variants += `, "tinycoro"`
	}
	text = strings.Replace(text, `"variants": ["tinycoro", "fixed"]`, `"variants": [`+variants+`]`, 1)
	src, err := encodeSource([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// manyVariantsDraft is a draft body at the limit that picks its variant
// thousands of times, with schedules that run to the step limit: each
// schedule was run on each variant.
func manyVariantsDraft(t testing.TB) string {
	t.Helper()
	d := draft{Lang: "en", Title: "Mine", Primitive: "wait_group", InitCount: "1",
		Coroutines: []draftCoroutine{{Name: "W", Script: "repeat 1000 { repeat 1000 { cs } }"}, {Name: "X", Script: "repeat 1000 { repeat 1000 { cs } }"}, {Name: "D", Script: "done"}}}
	for i := range maxCustomSchedules {
		d.Schedules = append(d.Schedules, draftSchedule{Name: fmt.Sprint("s", i), Steps: "W X W X"})
	}
	d.Variants = []string{"tinycoro"}
	body, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	for range (maxDraftBody - len(body)) / len(`,"tinycoro"`) {
		d.Variants = append(d.Variants, "tinycoro")
	}
	if body, err = json.Marshal(d); err != nil {
		t.Fatal(err)
	}
	return string(body)
}
