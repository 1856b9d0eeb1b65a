package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim/trace"
)

// cli runs the binary's run() with args and returns what it printed and
// the exit status main would use.
func cli(t *testing.T, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), args, func(string) string { return "" }, &out, &errb)
	status = report(&errb, err)
	return out.String(), errb.String(), status
}

// mustCLI is cli for a command that must succeed.
func mustCLI(t *testing.T, args ...string) string {
	t.Helper()
	out, errs, status := cli(t, args...)
	if status != 0 {
		t.Fatalf("lockstep %s: exit %d, stderr:\n%s", strings.Join(args, " "), status, errs)
	}
	return out
}

func catalog(t *testing.T) *scenarios.Catalog {
	t.Helper()
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func TestList(t *testing.T) {
	out := mustCLI(t, "list")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	all := catalog(t).All()
	if len(lines) != len(all)+1 {
		t.Fatalf("list printed %d lines, want a header and %d lessons:\n%s", len(lines), len(all), out)
	}
	title := strings.Index(lines[0], "TITLE")
	if !strings.HasPrefix(lines[0], "ID ") || title < 0 {
		t.Fatalf("header = %q, want ID, TITLE, PRIMITIVE, VARIANTS", lines[0])
	}
	for i, s := range all {
		line := lines[i+1]
		if !strings.HasPrefix(line, s.ID+" ") || !strings.HasPrefix(line[title:], s.Title.In("en")) {
			t.Errorf("line %q, want %s with its title %q at column %d", line, s.ID, s.Title.In("en"), title)
		}
		if !strings.HasSuffix(line, strings.Join(s.Variants, ", ")) || !strings.Contains(line, s.Primitive) {
			t.Errorf("line %q, want primitive %s and variants %v", line, s.Primitive, s.Variants)
		}
	}
}

func TestListJSON(t *testing.T) {
	var got []lessonEntry
	if err := json.Unmarshal([]byte(mustCLI(t, "list", "--json")), &got); err != nil {
		t.Fatal(err)
	}
	all := catalog(t).All()
	if len(got) != len(all) {
		t.Fatalf("list --json has %d lessons, want %d", len(got), len(all))
	}
	for i, s := range all {
		if got[i].ID != s.ID || got[i].Title != s.Title.EN || got[i].Primitive != s.Primitive ||
			strings.Join(got[i].Variants, ",") != strings.Join(s.Variants, ",") || len(got[i].Schedules) != len(s.Schedules) {
			t.Errorf("entry %d = %+v, want lesson %s", i, got[i], s.ID)
		}
	}
}

func TestRunText(t *testing.T) {
	out := mustCLI(t, "run", "wg-lost-wakeup")
	for _, want := range []string{
		"lesson: wg-lost-wakeup (The lost wakeup), variant tinycoro, waiters=1 workers=1\n",
		"replay: lost (done() between the check and the push), expect lost-wakeup\n",
		"start: m_count=1 m_state=nullptr\n",
		"\noutcome: lost-wakeup at step 8: W1 parked at step 8 and m_count == 0 holds",
		"\nschedule: W1@G1 W1@G2 W1@G3 W1@G4 W1@G5 D1@D1 D1@D2 W1@G6\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("run output lacks %q:\n%s", want, out)
		}
	}
	if got := strings.Count(out, "\n00"); got != 8 {
		t.Errorf("run printed %d step lines, want 8:\n%s", got, out)
	}
}

// TestRunChinese prints the B5 walk-through in Chinese: the words are
// Chinese (headings, events, the outcome), the code is the same code.
func TestRunChinese(t *testing.T) {
	out := mustCLI(t, "run", "wg-lost-wakeup", "--lang", "zh")
	for _, want := range []string{
		"课程：wg-lost-wakeup (丢失的唤醒)",
		"008  W1  G6  cas  ",
		"nullptr -> &W1.awaiter  成功（看到 nullptr）",
		"W1 挂起",
		"\n结果：丢失的唤醒，第 8 步：W1 在第 8 步挂起",
		"\n调度：W1@G1 W1@G2 W1@G3 W1@G4 W1@G5 D1@D1 D1@D2 W1@G6\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("run --lang zh lacks %q:\n%s", want, out)
		}
	}
	for _, english := range []string{" parks", "outcome:", "observed", " at step "} {
		if strings.Contains(out, english) {
			t.Errorf("run --lang zh still says %q:\n%s", english, out)
		}
	}
	var rep trace.Report
	if err := json.Unmarshal([]byte(mustCLI(t, "run", "wg-lost-wakeup", "--lang", "zh", "--json")), &rep); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Outcome.Message, "挂起") || !strings.Contains(rep.Steps[7].Text, "W1 挂起") {
		t.Errorf("JSON in Chinese: outcome %q, step 7 %q; want both in Chinese", rep.Outcome.Message, rep.Steps[7].Text)
	}
}

func TestRunJSON(t *testing.T) {
	var rep trace.Report
	if err := json.Unmarshal([]byte(mustCLI(t, "run", "wg-lost-wakeup", "--json")), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Scenario != "wg-lost-wakeup" || rep.Variant != "tinycoro" || rep.Params["waiters"] != 1 {
		t.Errorf("report names %s/%s %v, want wg-lost-wakeup/tinycoro with waiters=1", rep.Scenario, rep.Variant, rep.Params)
	}
	if o := rep.Outcome; o.Kind != "lost-wakeup" || o.Step == nil || *o.Step != 7 || o.CauseStep == nil || *o.CauseStep != 6 {
		t.Errorf("outcome = %+v, want lost-wakeup at step 7 caused at step 6", rep.Outcome)
	}
	if len(rep.Steps) != 8 {
		t.Fatalf("%d steps, want 8", len(rep.Steps))
	}
	cas := rep.Steps[7]
	if cas.Label != "G6" || cas.Op != "cas" || cas.Cell != "wg.m_state" || cas.Expected != "nullptr" ||
		cas.Value != "&W1.awaiter" || cas.Result != "nullptr" || cas.OK == nil || !*cas.OK ||
		cas.Order != "acq_rel" || cas.FailOrder != "relaxed" {
		t.Errorf("step 7 = %+v, want G6's successful CAS of wg.m_state from nullptr to &W1.awaiter", cas)
	}
	if len(cas.Events) != 1 || cas.Events[0].Kind != "parked" || cas.Events[0].Coroutine != "W1" {
		t.Errorf("step 7 events = %+v, want W1 parked", cas.Events)
	}
	if cas.Loc == nil || cas.Loc.File != "waitgroup_tinycoro.go" || cas.Loc.Line <= 0 {
		t.Errorf("step 7 loc = %+v, want a line of waitgroup_tinycoro.go", cas.Loc)
	}
	if strings.Join(cas.Changed, ",") != "wg.m_state" {
		t.Errorf("step 7 changed %v, want [wg.m_state]", cas.Changed)
	}
	if d1 := rep.Steps[5]; d1.Thread != "D1" || d1.Value != "-1" || d1.Result != "1" {
		t.Errorf("step 5 = %+v, want D1's fetch_add of -1 returning 1", d1)
	}
}

// A schedule given by name or as text; the run goes on without preemption
// once the schedule is used up.
func TestRunSchedule(t *testing.T) {
	tests := []struct {
		args    []string
		replay  string
		outcome string
	}{
		{[]string{"--schedule", "lost"}, "replay: lost (", "outcome: lost-wakeup at step 8"},
		{[]string{"--schedule", "W1 D1"}, "replay: W1 D1\n", "outcome: ok: every coroutine finished"},
		{[]string{"--set", "waiters=2", "--set", "workers=2", "--schedule", "W1*6 W2*6 D1 D2"},
			"replay: W1*6 W2*6 D1 D2\n", "outcome: ok"},
	}
	for _, tt := range tests {
		out := mustCLI(t, append([]string{"run", "wg-lost-wakeup"}, tt.args...)...)
		if !strings.Contains(out, tt.replay) || !strings.Contains(out, tt.outcome) {
			t.Errorf("run %v: want %q and %q in:\n%s", tt.args, tt.replay, tt.outcome, out)
		}
	}
	out := mustCLI(t, "run", "--set", "waiters=2", "wg-lost-wakeup", "--schedule", "W2 W1")
	if !strings.Contains(out, "waiters=2 workers=1") || !strings.Contains(out, "\nschedule: W2@G1 W1@G1") {
		t.Errorf("flags around the lesson id were not all read:\n%s", out)
	}
}

// A lesson file outside the catalog runs like a catalog lesson.
func TestRunFile(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("scenarios", "lessons", "wg-lost-wakeup.jsonc"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "mine.jsonc")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, want := mustCLI(t, "run", path), mustCLI(t, "run", "wg-lost-wakeup"); got != want {
		t.Errorf("run %s printed\n%s\nwant what run wg-lost-wakeup prints:\n%s", path, got, want)
	}
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.jsonc")
	if err := os.WriteFile(broken, []byte("{\n  \"id\": \"x\",\n  oops\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	array, number := filepath.Join(dir, "array.jsonc"), filepath.Join(dir, "number.jsonc")
	if err := os.WriteFile(array, []byte("[]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(number, []byte(`{"id": 3}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"bogus"}, `unknown command "bogus" (lockstep help lists the commands)`},
		{[]string{"hlep"}, `unknown command "hlep"; did you mean help?`},
		{[]string{"--nope"}, "unknown flag --nope"},
		{[]string{"--adr", "x"}, "unknown flag --adr; did you mean --addr?"},
		{[]string{"--search-workers", "-1"}, "--search-workers -1: want 0 to 32"},
		{[]string{"--sockets-per-address", "0"}, "--sockets-per-address 0: want at least 1"},
		{[]string{"--addr", "127.0.0.1:0", "extra"}, `unexpected argument "extra"`},
		{[]string{"list", "--nope"}, "unknown flag --nope\nusage: lockstep list"},
		{[]string{"list", "extra"}, `list takes no arguments, got "extra"`},
		{[]string{"run"}, "run needs a lesson: its id (lockstep list lists them) or a .jsonc file\nusage: lockstep run SCENARIO"},
		{[]string{"run", "wg-basic", "extra-arg"}, `unexpected argument "extra-arg" after the lesson wg-basic` + "\nusage: lockstep run SCENARIO"},
		{[]string{"run", "wg-lost-wakup"}, `unknown lesson "wg-lost-wakup"; did you mean wg-lost-wakeup? (lockstep list lists the lessons)`},
		{[]string{"run", "nope"}, `unknown lesson "nope" (lessons: `},
		{[]string{"run", "wg-lost-wakeup", "--variant", "nope"}, `--variant "nope": wg-lost-wakeup has no such variant (it has tinycoro, fixed, go)`},
		{[]string{"run", "wg-lost-wakeup", "--variant", "fixd"}, `(it has tinycoro, fixed, go); did you mean fixed?`},
		{[]string{"run", "wg-lost-wakeup", "--schedule", "W1@"}, `bad schedule: line 1, column 1: "W1@"`},
		{[]string{"run", "wg-lost-wakeup", "--schedule", "X1"}, `bad schedule: step 1: no thread "X1" (threads: W1, D1)`},
		{[]string{"run", "wg-lost-wakeup", "--schedule", "D1 D1 D1"}, "bad schedule: step 3: D1 cannot move: D1 has finished"},
		{[]string{"run", "wg-lost-wakeup", "--schedule", "W1@G2"}, "bad schedule: step 1: W1 is at G1, not G2"},
		{[]string{"run", "wg-lost-wakeup", "--set", "waiters"}, "want name=value"},
		{[]string{"run", "wg-lost-wakeup", "--set", "waiters=two"}, `waiters: "two" is not a whole number`},
		{[]string{"run", "wg-lost-wakeup", "--set", "waiters=3", "--set", "waiters=4"}, `--set "waiters=4": waiters is set twice (3, then 4): give it once`},
		{[]string{"run", "wg-lost-wakeup", "--set"}, "--set needs a value"},
		{[]string{"run", "wg-lost-wakeup", "--set", "nope=1"}, `--set: wg-lost-wakeup has no parameter "nope" (it has waiters, workers)`},
		{[]string{"run", "wg-lost-wakeup", "--set", "waiters=999"}, "waiters=999 is out of range"},
		{[]string{"run", "wg-basic", "--set", "waiters=0"}, `--set waiters=0: the lesson's schedule "park-first" moves W1, a thread these parameters do not make (they make D1, D2)`},
		{[]string{"run", "wg-basic", "--set", "waiters=64", "--set", "workers=64"}, "128 coroutines in all, and a lesson may have at most 64 coroutines in total"},
		{[]string{"run", filepath.Join(dir, "missing.jsonc")}, "no lesson file " + filepath.Join(dir, "missing.jsonc")},
		{[]string{"run", broken}, "broken.jsonc:3: "},
		{[]string{"run", array}, "array.jsonc:1: value: want an object, got a JSON array"},
		{[]string{"run", number}, "number.jsonc:1: id: want a string, got a JSON number"},
		{[]string{"run", "wg-lost-wakeup", "--lang", "fr"}, `--lang "fr": want en or zh`},
		{[]string{"run", "wg-lost-wakeup", "--schedule", "D1 D1 D1", "--lang", "zh"}, "调度有误：第 3 步：D1 不能前进：D1 已经结束"},
		{[]string{"run", "wg-lost-wakeup", "--schedule", "X1", "--lang", "zh"}, `第 1 步：没有线程 "X1"`},
	}
	for _, tt := range tests {
		out, errs, status := cli(t, tt.args...)
		if status != 2 || !strings.Contains(errs, tt.want) || !strings.HasPrefix(errs, "lockstep: ") || goTypeName.MatchString(errs) {
			t.Errorf("lockstep %s: exit %d, stderr %q; want exit 2 and %q", strings.Join(tt.args, " "), status, errs, tt.want)
		}
		if out != "" {
			t.Errorf("lockstep %s printed %q on stdout, want nothing", strings.Join(tt.args, " "), out)
		}
	}
}

// goTypeName matches a Go type's name in a message ("scenarios.Scenario",
// "*big.Int"), which says nothing to someone who does not read the code.
var goTypeName = regexp.MustCompile(`\b(scenarios|explore|sim|program|big|json)\.[A-Z]\w*`)

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"list", "-h"}, {"run", "--help"}} {
		out, errs, status := cli(t, args...)
		if status != 0 || !strings.Contains(out, "usage:") || errs != "" {
			t.Errorf("lockstep %s: exit %d, stdout %q, stderr %q; want usage and exit 0", strings.Join(args, " "), status, out, errs)
		}
	}
	out, _, _ := cli(t, "help")
	for _, c := range commands() {
		if !strings.Contains(out, "lockstep "+c.usage) {
			t.Errorf("help lacks %q:\n%s", c.usage, out)
		}
	}
}

// TestCheckCatalog checks the whole catalog: one ok line per lesson.
func TestCheckCatalog(t *testing.T) {
	out := mustCLI(t, "check")
	all := catalog(t).All()
	for _, s := range all {
		if !regexp.MustCompile(`(?m)^ok +` + regexp.QuoteMeta(s.ID) + ` +\d+ schedules? × \d+ variants?$`).MatchString(out) {
			t.Errorf("check lacks an ok line for %s:\n%s", s.ID, out)
		}
	}
	if want := fmt.Sprintf("%d lessons, ", len(all)); !strings.Contains(out, want) {
		t.Errorf("check's summary lacks %q:\n%s", want, out)
	}
}

// wrongLesson is the B5 walk-through with a wrong expectation: the fixed
// wait_group does not lose the wakeup.
const wrongLesson = `{
  "id": "wrong", "primitive": "wait_group", "variants": ["tinycoro", "fixed"],
  "title": {"en": "t", "zh": "t"}, "summary": {"en": "s", "zh": "s"},
  "narrative": {"en": ["n"], "zh": ["n"]},
  "init": {"count": "1"},
  "coroutines": [{"name": "W", "script": "wait"}, {"name": "D", "script": "done"}],
  "schedules": [
    {"name": "lost", "title": {"en": "l", "zh": "l"},
     "steps": "W@G1 W@G2 W@G3 W@G4 W@G5 D@D1 D@D2 W@G6",
     "by_variant": {"fixed": "W*3 D*2 W"},
     "expect": {"tinycoro": "lost-wakeup", "fixed": "lost-wakeup"}}
  ]
}`

// TestCheckMismatch checks a lesson file with a wrong expectation: check
// names the schedule and the variant and exits 3; run and explore warn.
func TestCheckMismatch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "wrong.jsonc")
	if err := os.WriteFile(path, []byte(wrongLesson), 0o644); err != nil {
		t.Fatal(err)
	}
	const line = "schedule lost, variant fixed: expected lost-wakeup, got ok"
	out, errs, status := cli(t, "check", path, "wg-basic")
	if status != 3 || !strings.Contains(out, line) || !strings.Contains(out, "FAIL  "+path) ||
		!regexp.MustCompile(`(?m)^ok +wg-basic `).MatchString(out) {
		t.Errorf("check %s wg-basic: exit %d, stdout:\n%s\nwant exit 3, a FAIL with %q and wg-basic ok", path, status, out, line)
	}
	if !strings.Contains(errs, "1 of 2 lessons checked") {
		t.Errorf("check's stderr = %q; want how many lessons failed", errs)
	}
	for _, args := range [][]string{{"run", path, "--variant", "fixed"}, {"explore", path}} {
		_, errs, status := cli(t, args...)
		// explore's progress, when the machine is slow enough for it to
		// show, is not the warning.
		errs = strings.Join(withoutProgress(strings.SplitAfter(errs, "\n")), "")
		if want := "lockstep: warning: " + path + ": " + line + "\n"; status != 0 || errs != want {
			t.Errorf("lockstep %s: exit %d, stderr %q; want exit 0 and %q", strings.Join(args, " "), status, errs, want)
		}
	}
	if _, errs, status := cli(t, "check", "nope"); status != 2 || !strings.Contains(errs, `unknown lesson "nope"`) {
		t.Errorf("check nope: exit %d, stderr %q; want exit 2, unknown lesson", status, errs)
	}
}
