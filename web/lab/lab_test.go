package lab

import (
	"context"
	"encoding/json"
	"io/fs"
	"log/slog"
	"math/big"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"lockstep/primitives/examples"
	"lockstep/scenarios"
	"lockstep/sim/explore"
	"lockstep/sim/words"
	"lockstep/web/playground"
	"lockstep/web/share"
	"lockstep/web/site"
)

// postLab sends a lab request to path and decodes the reply into v.
func postLab(t *testing.T, lb *Lab, path, body string, v any) int {
	t.Helper()
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	serve := lb.ServeCheck
	if path == "/lab/explore" {
		serve = lb.ServeExplore
	}
	lb.pages.Handle(serve).ServeHTTP(rec, req)
	if err := json.Unmarshal(rec.Body.Bytes(), v); err != nil {
		t.Fatalf("%s: reply %q: %v", path, rec.Body.String(), err)
	}
	return rec.Code
}

func labBody(t *testing.T, lesson, variant, src string) string {
	t.Helper()
	b, err := json.Marshal(labRequest{Lang: "en", Lesson: lesson, Variant: variant, Source: src})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func example(t *testing.T, name string) string {
	t.Helper()
	b, err := fs.ReadFile(examples.FS, name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// labGet asks for the lab's page at path.
func labGet(t *testing.T, lb *Lab, path string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	lb.pages.Handle(lb.ServeLab).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec
}

// testLab is a lab on the real catalog, whose lessons have assignments
// and examples, with one search slot.
func testLab(t *testing.T) *Lab {
	t.Helper()
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	slots := make(chan struct{}, 1)
	slot := func(ctx context.Context, _ site.Client) (func(), error) {
		select {
		case slots <- struct{}{}:
			return func() { <-slots }, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	lb, err := New(Config{Pages: site.NewPages(slog.New(slog.DiscardHandler), "test", site.NewBrowsers(site.NewKey(), nil)), Lessons: cat, SearchSlot: slot})
	if err != nil {
		t.Fatal(err)
	}
	return lb
}

// playLesson reads a link into the playground: the lesson it carries,
// and its query.
func playLesson(t *testing.T, link string) (*scenarios.Scenario, url.Values) {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	if u.Path != "/lesson/"+playground.CustomLessonID {
		t.Fatalf("link %.80s: want one to /lesson/custom", link)
	}
	l, err := share.CustomLesson(u.Query().Get("src"))
	if err != nil {
		t.Fatalf("the lesson of %.80s: %v", link, err)
	}
	return l, u.Query()
}

func TestLabPage(t *testing.T) {
	lb := testLab(t)
	tests := []struct {
		path   string
		status int
		want   string // in the page
	}{
		{"/lab", 200, `"lesson":{"id":"event-uaf"`},
		{"/lab?lesson=wg-lost-wakeup", 200, "tinyCoro v1.2's wait_group"},
		{"/lab?lesson=wg-basic&variant=go", 200, "Go's sync.WaitGroup"},
		{"/lab?lesson=wg-basic&from=mutex_lifo.lsp", 200, "guess from tinyCoro's header"},
		{"/lab?lesson=nope", 404, "There is no lesson"},
		{"/lab?lesson=wg-basic&variant=lifo", 404, "no variant"},
		{"/lab?lesson=wg-basic&src=!!!", 400, "damaged"},
	}
	for _, tt := range tests {
		rec := labGet(t, lb, tt.path)
		if rec.Code != tt.status || !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("GET %s: %d, want %d and %q in:\n%.300s", tt.path, rec.Code, tt.status, tt.want, rec.Body.String())
		}
	}
}

// TestLabCheck compiles a fixed example against its lesson: it compiles,
// every schedule reaches what the lesson expects, and the links carry it.
func TestLabCheck(t *testing.T) {
	lb := testLab(t)
	src := example(t, "wait_group_fixed.lsp")
	var reply labCheckReply
	if status := postLab(t, lb, "/lab/check", labBody(t, "wg-lost-wakeup", "", src), &reply); status != 200 || !reply.OK {
		t.Fatalf("check: %d %+v", status, reply)
	}
	if len(reply.Runs) != 2 || !reply.Runs[0].Match || reply.Runs[0].Kind != "ok" || reply.Runs[0].LabelsIgnored {
		t.Errorf("runs %+v; want the lesson's schedules, matched on the fixed variant's labels", reply.Runs)
	}
	if strings.Join(reply.Ops, ",") != "wait,add,done" || reply.Labels != 10 {
		t.Errorf("ops %v, %d labels", reply.Ops, reply.Labels)
	}
	// The lab's link reopens the source; the playground's opens it.
	share, err := url.Parse(reply.Share)
	if err != nil {
		t.Fatal(err)
	}
	if rec := labGet(t, lb, share.RequestURI()); rec.Code != 200 || !strings.Contains(rec.Body.String(), "Design A") {
		t.Errorf("the shared link: %d; want the lab with the source", rec.Code)
	}
	for _, link := range []string{reply.Playground, reply.Runs[0].Link} {
		l, q := playLesson(t, link)
		if w := l.Written(); w == nil || w.Source() != src || q.Get("variant") != labVariant || strings.Join(l.Variants, ",") != labVariant {
			t.Errorf("%.80s carries %+v as %q; want the source, as its one variant %s", link, w, q.Get("variant"), labVariant)
		}
		if sc := l.Schedules[0]; sc.Steps != "W1@Q1 W1@Q2 W1@Q3 W1@Q4 D1@P1 D1@P2 W1@Q5" || sc.Expect[labVariant] != "ok" {
			t.Errorf("the link's first schedule: %q, expect %q; want the fixed variant's, which the source's labels follow", sc.Steps, sc.Expect[labVariant])
		}
	}
	if _, q := playLesson(t, reply.Runs[0].Link); q.Get("schedule") == "" || q.Get("step") != "0" {
		t.Errorf("a run's link has schedule %q, step %q; want the run's schedule at step 0", q.Get("schedule"), q.Get("step"))
	}
}

func TestLabCheckErrors(t *testing.T) {
	lb := testLab(t)
	tests := []struct {
		name, body string
		status     int
		line, col  int
		want       string
	}{
		{"syntax", labBody(t, "wg-basic", "", "primitive wg {\n atomic<int32> c;\n void wait() { c.load(; }\n}"), 200, 3, 23, "expected an expression"},
		{"missing operation", labBody(t, "wg-basic", "", "primitive wg(int32 count) { atomic<int32> c; void wait() { c.load(); } }"), 200, 1, 11, "which primitive wg does not have"},
	}
	for _, tt := range tests {
		var reply labCheckReply
		status := postLab(t, lb, "/lab/check", tt.body, &reply)
		if status != tt.status || reply.OK || len(reply.Errors) == 0 {
			t.Errorf("%s: %d %+v", tt.name, status, reply)
			continue
		}
		if e := reply.Errors[0]; e.Line != tt.line || e.Col != tt.col || !strings.Contains(e.Message, tt.want) {
			t.Errorf("%s: error %+v; want %d:%d %q", tt.name, e, tt.line, tt.col, tt.want)
		}
	}
	bad := []struct{ body, want string }{
		{`{"lesson": "wg-basic", "source": 3}`, "could not be read"},
		{`{"lesson": "wg-basic", "mystery": 1}`, "could not be read"},
		{labBody(t, "nope", "", "x"), "There is no lesson"},
		{labBody(t, "wg-basic", "lifo", "x"), "no variant"},
		{labBody(t, "wg-basic", "", strings.Repeat("x", maxLabBody)), "larger than"},
	}
	for _, b := range bad {
		var reply map[string]string
		if status := postLab(t, lb, "/lab/check", b.body, &reply); status != 400 || !strings.Contains(reply["error"], b.want) {
			t.Errorf("%.60s: %d %v; want 400 and %q", b.body, status, reply, b.want)
		}
	}
}

// TestLabExplore grades the assignment's start, which fails with a
// counterexample to open, and the fix, which passes; a lesson without an
// assignment gets a search for the first bug.
func TestLabExplore(t *testing.T) {
	lb := testLab(t)
	var reply labExploreReply
	if status := postLab(t, lb, "/lab/explore", labBody(t, "wg-lost-wakeup", "", example(t, "wait_group_tinycoro.lsp")), &reply); status != 200 {
		t.Fatalf("explore: %d", status)
	}
	if reply.Passed || !reply.Assignment || len(reply.Checks) != 1 || reply.Checks[0].Kind != "lost-wakeup" ||
		reply.Checks[0].Schedule != "W1@G1 W1@G2 W1@G3 W1@G4 W1@G5 D1@D1 D1@D2 W1@G6" {
		t.Errorf("the start: %+v; want the lost wakeup", reply)
	}
	l, q := playLesson(t, reply.Checks[0].Link)
	if q.Get("schedule") != reply.Checks[0].Schedule {
		t.Errorf("the counterexample's link has schedule %q; want %q", q.Get("schedule"), reply.Checks[0].Schedule)
	}
	// tinyCoro's source has its own labels: the fixed variant's schedules
	// go to the playground by their threads alone, which it can follow.
	for _, sc := range l.Schedules {
		if strings.Contains(sc.Steps, "@") {
			t.Errorf("schedule %s: %q; want the threads alone", sc.Name, sc.Steps)
		}
	}
	reply = labExploreReply{}
	postLab(t, lb, "/lab/explore", labBody(t, "wg-lost-wakeup", "", example(t, "wait_group_fixed.lsp")), &reply)
	if !reply.Passed || len(reply.Checks) != 2 || !reply.Checks[1].Verified || reply.Checks[1].Params != "waiters=2 workers=2" {
		t.Errorf("the fix: %+v; want it verified at both parameter sets", reply)
	}
	if v := reply.Checks[1].Verdict; !strings.HasPrefix(v, "waiters=2 workers=2: verified: every interleaving of this lesson: ") {
		t.Errorf("the fix's verdict says %q; want the parameters, then the explorer's verdict", v)
	}
	reply = labExploreReply{}
	postLab(t, lb, "/lab/explore", labBody(t, "mutex-lifo-guess", "lifo", example(t, "mutex_lifo.lsp")), &reply)
	if reply.Assignment || reply.Passed || len(reply.Checks) != 1 || reply.Checks[0].Kind != "assertion" {
		t.Errorf("the LIFO mutex: %+v; want its FIFO assertion found", reply)
	}
	var fail map[string]string
	if status := postLab(t, lb, "/lab/explore", labBody(t, "wg-basic", "", "primitive p {"), &fail); status != 400 || !strings.Contains(fail["error"], "1:") {
		t.Errorf("explore of a broken source: %d %v", status, fail)
	}
}

// TestLabCheckLoop: a source whose wait() loops without touching shared
// memory compiles, and each replay says where the loop is and that it was
// stopped; the server answers as always.
func TestLabCheckLoop(t *testing.T) {
	lb := testLab(t)
	src := `primitive wg(int32 count = 0) {
    atomic<int32> m_count = count;
    open: m_count == 0;
    [[awaiter, waiting]] void wait() {
        auto x = m_count.load(acquire);
        while (x != 0) { x = x + 0; }
    }
    void add(int32 n) { m_count.fetch_add(n, acq_rel); }
    void done() { m_count.fetch_sub(1, acq_rel); }
}`
	var reply labCheckReply
	if status := postLab(t, lb, "/lab/check", labBody(t, "wg-basic", "", src), &reply); status != 200 || !reply.OK || len(reply.Runs) == 0 {
		t.Fatalf("check: %d %+v", status, reply)
	}
	for _, r := range reply.Runs {
		if r.Match || r.Kind != "panic" || !strings.Contains(r.Message, "6:9: a loop ran 1000 statements without touching shared memory") {
			t.Errorf("run %s: %s %q; want a panic that names the loop at 6:9", r.Name, r.Kind, r.Message)
		}
	}
}

// TestLabTooLargeForLinks: a source that compresses to more than a link
// holds cannot go to the playground, which the check says; and its own
// link, which would lose it, comes without it and says why.
func TestLabTooLargeForLinks(t *testing.T) {
	lb := testLab(t)
	r := rand.New(rand.NewPCG(1, 2))
	var noise strings.Builder
	for noise.Len() < 20<<10 {
		if noise.Len()%70 == 0 {
			noise.WriteString("\n// ")
		}
		noise.WriteByte(byte('a' + r.IntN(26)))
	}
	src := example(t, "wait_group_fixed.lsp") + noise.String() + "\n"
	var reply labCheckReply
	postLab(t, lb, "/lab/check", labBody(t, "wg-lost-wakeup", "", src), &reply)
	if reply.OK || len(reply.Errors) != 1 || !strings.HasPrefix(reply.Errors[0].Message, "The primitive cannot be carried to the playground in a link: ") {
		t.Errorf("check: %+v; want the link's limit", reply.Errors)
	}
	// The same, broken: the errors, and no link that would lose it.
	reply = labCheckReply{}
	postLab(t, lb, "/lab/check", labBody(t, "wg-lost-wakeup", "", src+"oops"), &reply)
	if len(reply.Errors) == 0 || !strings.Contains(reply.ShareError, "a link can carry at most") || strings.Contains(reply.Share, "src=") {
		t.Errorf("share %q, error %q; want the lab without the source, and why", reply.Share, reply.ShareError)
	}
}

// TestLabExploreBusy: a search that waits for a slot longer than a
// request may take is refused as busy, in time for the answer to be
// written.
func TestLabExploreBusy(t *testing.T) {
	lb := testLab(t)
	lb.requestTime = 50 * time.Millisecond
	lb.slot = func(ctx context.Context, _ site.Client) (func(), error) {
		<-ctx.Done() // every slot is taken
		return nil, ctx.Err()
	}
	var reply map[string]string
	status := postLab(t, lb, "/lab/explore", labBody(t, "wg-lost-wakeup", "", example(t, "wait_group_fixed.lsp")), &reply)
	if status != http.StatusServiceUnavailable || !strings.Contains(reply["error"], "busy with other searches") {
		t.Errorf("explore with every slot taken: %d %v; want 503 and busy", status, reply)
	}
}

// TestLabExploreUnfinished: a search stopped at its time limit neither
// passes nor finds a bug, and says so.
func TestLabExploreUnfinished(t *testing.T) {
	lb := testLab(t)
	l, err := lb.lessons.Lookup("wg-lost-wakeup")
	if err != nil {
		t.Fatal(err)
	}
	ll := labLesson{lesson: l, variant: "fixed", lang: "en"}
	g := scenarios.Grade{Checks: []scenarios.Check{{
		Params: map[string]int{"waiters": 1, "workers": 1},
		Result: explore.Result{Executions: big.NewInt(1234), Stopped: words.TimeLimit},
	}}}
	reply := lb.exploreReply(ll, g, "")
	if reply.Passed || reply.Found || len(reply.Checks) != 1 || reply.Checks[0].Verified {
		t.Fatalf("reply %+v; want neither passed nor a bug found", reply)
	}
	want := "waiters=1 workers=1: no bug in 1,234 executions searched; the search stopped at its time limit of 20 s and is not complete"
	if v := reply.Checks[0].Verdict; v != want {
		t.Errorf("verdict %q; want %q", v, want)
	}
}

// TestLabCompilesWait: while every turn to compile is taken, a check
// waits, and past the request's time it is told the server is busy.
func TestLabCompilesWait(t *testing.T) {
	lb := testLab(t)
	lb.requestTime = 50 * time.Millisecond
	for range cap(lb.compiles) {
		lb.compiles <- struct{}{}
	}
	var reply map[string]string
	if status := postLab(t, lb, "/lab/check", labBody(t, "wg-lost-wakeup", "", example(t, "wait_group_fixed.lsp")), &reply); status != http.StatusServiceUnavailable || !strings.Contains(reply["error"], "busy") {
		t.Errorf("a check with every turn taken: %d %v; want 503 and busy", status, reply)
	}
	<-lb.compiles
	var ok labCheckReply
	if status := postLab(t, lb, "/lab/check", labBody(t, "wg-lost-wakeup", "", example(t, "wait_group_fixed.lsp")), &ok); status != http.StatusOK || !ok.OK {
		t.Errorf("a check with a turn free: %d", status)
	}
}
