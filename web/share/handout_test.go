package share

import (
	"net/http"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/web/internal/webtest"
)

func TestHandout(t *testing.T) {
	h := realSite(t)
	tests := []struct {
		name, path string
		want       []string // parts of the page, in order
		pictures   int
		blamed     string // the data-step of the blamed row, "" for none
	}{
		{"the lesson's story", "/handout/wg-lost-wakeup", []string{
			"<h1", "The lost wakeup", "tinycoro", "waiters=1", "done() between the check and the push",
			"W1@G1 W1@G2 W1@G3 W1@G4 W1@G5 D1@D1 D1@D2 W1@G6", `data-kind="lost-wakeup"`, "W1 parked at step 8",
			"At the start", "After step 8 (W1 G6): where the verdict points", "wg.m_state", "&amp;W1.awaiter", "num_wait", "W1 1 · D1 0",
			"<td>1</td><td>W1</td><td>G1</td>", "W1 parks", "m_count=0 m_state=&amp;W1.awaiter",
		}, 2, "8"},
		{"a marked step, in Chinese", "/handout/wg-lost-wakeup?schedule=lost&step=3&lang=zh", []string{
			"丢失的唤醒", "开始时", "第 3 步（W1 G3）之后：屏幕上的那一步", "第 8 步（W1 G6）之后：结论所指之处", "挂起",
		}, 3, "8"},
		{"the fixed variant, correct", "/handout/wg-lost-wakeup?variant=fixed", []string{`data-kind="ok"`, "At the start", "At the end"}, 2, ""},
		{"schedule text and parameters", "/handout/wg-lost-wakeup?schedule=D1+W1&waiters=2", []string{"waiters=2", "<code class=\"schedule\" data-testid=\"handout-schedule\">D1"}, 2, ""},
		{"parameters the first schedule was not written for, without a schedule", "/handout/wg-lost-wakeup?waiters=8&workers=8", []string{"waiters=8", "workers=8", `data-kind="ok"`, "At the end"}, 2, ""},
		{"a lesson's c11 schedule runs under c11", "/handout/event-missing-release?schedule=stale-handle", []string{`data-kind="bad-resume"`}, 2, "8"},
		{"a coroutine not spawned yet, in Chinese", "/handout/when-all-cross-thread?lang=zh", []string{"开始时", "还没有被启动"}, 2, "21"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, body := get(t, h, tt.path)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("GET %s: %s\n%s", tt.path, res.Status, body)
			}
			rest := body
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("GET %s: %q is missing, or out of order", tt.path, w)
				}
				rest = rest[i+len(w):]
			}
			if n := strings.Count(body, `data-testid="handout-picture"`); n != tt.pictures {
				t.Errorf("GET %s: %d pictures, want %d", tt.path, n, tt.pictures)
			}
			blamed := regexp.MustCompile(`<tr class="blamed[^"]*" data-step="(\d+)"`).FindStringSubmatch(body)
			if got := ""; blamed != nil {
				got = blamed[1]
				if got != tt.blamed {
					t.Errorf("GET %s: blamed step %s, want %q", tt.path, got, tt.blamed)
				}
			} else if tt.blamed != "" {
				t.Errorf("GET %s: no blamed step, want %s", tt.path, tt.blamed)
			}
			if strings.Contains(body, "style=") || strings.Contains(body, "<script") {
				t.Errorf("GET %s: the handout has a style attribute or a script, which the site's policy forbids", tt.path)
			}
		})
	}
}

func TestHandoutRefused(t *testing.T) {
	h := realSite(t)
	tests := []struct {
		name, path string
		status     int
		want       string
	}{
		{"unknown lesson", "/handout/no-such", http.StatusNotFound, "There is no lesson"},
		{"unknown variant", "/handout/wg-lost-wakeup?variant=nope", http.StatusNotFound, "has no variant"},
		{"unknown thread", "/handout/wg-lost-wakeup?schedule=Z9", http.StatusBadRequest, "The schedule cannot be followed"},
		{"malformed schedule", "/handout/wg-lost-wakeup?schedule=W1*x", http.StatusBadRequest, "schedule"},
		{"a thread that cannot move", "/handout/wg-lost-wakeup?schedule=W1*400", http.StatusBadRequest, "cannot move"},
		{"bad parameter", "/handout/wg-lost-wakeup?waiters=many", http.StatusBadRequest, "not a whole number"},
		{"bad memory model", "/handout/wg-lost-wakeup?memory=tso", http.StatusBadRequest, "want sc or c11"},
		{"a read choice under sc", "/handout/event-missing-release?schedule=W1*8+S@S1+S@S3<1", http.StatusBadRequest, "The schedule cannot be followed"},
		{"parameter out of bounds", "/handout/wg-lost-wakeup?waiters=99999", http.StatusBadRequest, "Bad parameter"},
		{"step past the end", "/handout/wg-lost-wakeup?step=9", http.StatusBadRequest, "not a step of this run (0 to 8)"},
		{"huge query", "/handout/wg-lost-wakeup?schedule=" + strings.Repeat("W1+", 4000), http.StatusRequestURITooLong, "too long"},
		{"a run too long to print", "/handout/wg-lost-wakeup?waiters=60&workers=1", http.StatusBadRequest, "a handout shows at most"},
		{"a thread that cannot move, in Chinese", "/handout/wg-lost-wakeup?lang=zh&schedule=W1*400", http.StatusBadRequest, "无法按这个调度运行：调度有误：第 7 步：W1 不能前进"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, body := get(t, h, tt.path)
			if res.StatusCode != tt.status || !strings.Contains(body, tt.want) {
				t.Errorf("GET %s: %s, want %d saying %q\n%s", tt.path[:min(len(tt.path), 80)], res.Status, tt.status, tt.want, body[:min(len(body), 2000)])
			}
		})
	}
}

// TestHandoutOfARunAtTheStepLimit asks for the handout of a run that
// goes to the step limit with 64 coroutines: it is refused before the
// run is traced, which keeps the state after every step (620 MB here).
func TestHandoutOfARunAtTheStepLimit(t *testing.T) {
	h := testSite(t)
	lesson := strings.NewReplacer(`"params": {"waiters": 1}`, `"params": {"waiters": 63}`,
		`"script": "wait"`, `"script": "repeat 1000 { repeat 1000 { cs } }"`).Replace(webtest.CustomLesson)
	src, err := encodeSource([]byte(lesson))
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res, body := get(t, h, "/handout/custom?src="+src+"&schedule="+strings.Repeat("W1+W2+", 100))
	runtime.ReadMemStats(&after)
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(body, "This run has 5000 steps; a handout shows at most 200") {
		t.Fatalf("GET: %s, want 400 saying the run is too long\n%.2000s", res.Status, body)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 50<<20 {
		t.Errorf("the refusal allocated %d MB", n>>20)
	}
}

// TestEveryHandoutListsItsCode renders the handout of every catalog
// lesson in each of its variants, in both languages: each is a page whose
// code listing has a line for every label its steps' table names (a
// step the scheduler takes, such as a resume, has none: "-"), whose
// scripts name every coroutine that runs, and whose every key state is
// one SVG drawing.
func TestEveryHandoutListsItsCode(t *testing.T) {
	h := realSite(t)
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	listed := regexp.MustCompile(`<th scope="row" data-label="([^"]+)"`)
	stepLabel := regexp.MustCompile(`<tr class="[^"]*" data-step="\d+"><td>\d+</td><td>([^<]*)</td><td>([^<]*)</td>`)
	figure := regexp.MustCompile(`(?s)<figure data-testid="handout-picture">(.*?)</figure>`)
	for _, l := range cat.All() {
		for _, v := range l.Variants {
			for _, lang := range []string{"en", "zh"} {
				path := "/handout/" + l.ID + "?variant=" + v + "&lang=" + lang
				res, body := get(t, h, path)
				if res.StatusCode != http.StatusOK {
					t.Errorf("GET %s: %s\n%.1000s", path, res.Status, body)
					continue
				}
				labels := map[string]bool{"-": true}
				for _, m := range listed.FindAllStringSubmatch(body, -1) {
					labels[m[1]] = true
				}
				scripts := body[strings.Index(body, `<dl class="handout-scripts"`):]
				scripts = scripts[:strings.Index(scripts, "</dl>")]
				rows := stepLabel.FindAllStringSubmatch(body, -1)
				if len(rows) == 0 {
					t.Errorf("GET %s: no steps", path)
				}
				for _, m := range rows {
					if !labels[m[2]] {
						t.Errorf("GET %s: a step of %s at %s, which the listing has no line for", path, m[1], m[2])
					}
					// A row names a coroutine, or a thread and the coroutine
					// it runs ("C/L"); a group's script names its first and
					// last.
					co := m[1][strings.LastIndex(m[1], "/")+1:]
					if !strings.Contains(scripts, ">"+co) && !strings.Contains(scripts, "–"+co+"<") && !strings.Contains(scripts, ">"+strings.TrimRight(co, "0123456789")) {
						t.Errorf("GET %s: %s steps, and no script names it", path, m[1])
					}
				}
				pics := figure.FindAllStringSubmatch(body, -1)
				if len(pics) < 2 {
					t.Errorf("GET %s: %d key states, want the start and the end at least", path, len(pics))
				}
				for _, p := range pics {
					if n := strings.Count(p[1], "<svg "); n != 1 {
						t.Errorf("GET %s: a key state with %d drawings, want one", path, n)
					}
				}
			}
		}
	}
}
