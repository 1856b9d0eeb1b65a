package scenarios_test

import (
	"context"
	"fmt"
	"io/fs"
	"math/big"
	"regexp"
	"strings"
	"testing"

	"lockstep/primitives/examples"
	"lockstep/primitives/lang"
	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
	"lockstep/sim/trace"
	"lockstep/sim/words"
)

// example compiles the example that writes variant v of primitive prim,
// or returns nil when there is none.
func example(t testing.TB, prim, v string) *lang.Def {
	t.Helper()
	name := examples.File(prim, v)
	src, err := fs.ReadFile(examples.FS, name)
	if err != nil {
		return nil
	}
	d, err := lang.Compile(name, string(src))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return d
}

// textTrace replays sched on p and prints the trace.
func textTrace(t *testing.T, p *program.Program, sched string) string {
	t.Helper()
	s, err := schedule.Parse(sched)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := trace.Execute(p, s)
	if err != nil {
		return "error: " + err.Error()
	}
	var b strings.Builder
	if err := trace.WriteText(&b, tr, "en"); err != nil {
		t.Fatal(err)
	}
	return localLists.ReplaceAllString(b.String(), "")
}

// localLists matches the waiter lists a trace draws from an operation's
// locals ("list(S.cur)=[W2 W1]"): a Go port declares those pointers for
// the stage (primitives.Operation.Pointers), a written primitive does not,
// and they are a view of the same memory, not a step.
var localLists = regexp.MustCompile(` list\([A-Z][A-Za-z0-9]*\.[a-z_]+\)=\[[^\]]*\]`)

// portsOnly are the primitives the language does not write, and why: it
// writes a primitive over its own words and the awaiters of its callers,
// and these are built from other primitives and the runtime.
var portsOnly = map[string]string{
	"condition_variable": "a mutex and a spinlocked FIFO queue whose awaiters override resume()",
	"channel":            "a mutex and two condition variables",
	"when_all":           "a latch and the frames of the children it spawns and destroys",
}

// unwritable are the lessons that call an operation the language cannot
// write, and the operation.
var unwritable = map[string]string{
	"mutex-try-lock": "try_lock", // it returns whether it took the lock; a written operation returns nothing
}

// crossValidated lists the lessons' primitive variants with their
// examples, and fails for a variant that has none: every built-in is also
// written in the language, but for the primitives in portsOnly and the
// lessons in unwritable, which must fail to build with a written
// primitive for the reason given. The variant EngineFixed runs the
// example of tinyCoro's primitive on the fixed engine.
func crossValidated(t *testing.T) []written {
	t.Helper()
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	var out []written
	for _, s := range cat.All() {
		if s.Written() != nil {
			continue // written only: no port to compare with
		}
		if _, ok := portsOnly[s.Primitive]; ok {
			if example(t, s.Primitive, s.Variants[0]) != nil {
				t.Errorf("%s is written in the language: take it out of portsOnly", s.Primitive)
			}
			continue
		}
		for _, v := range s.Variants {
			pv := v
			if v == scenarios.EngineFixed {
				pv = s.Variants[0]
			}
			d := example(t, s.Primitive, pv)
			if d == nil {
				t.Errorf("no example writes %s %s: add %s", s.Primitive, pv, examples.File(s.Primitive, pv))
				continue
			}
			if op, ok := unwritable[s.ID]; ok {
				if _, err := s.BuildWrittenOn(d, v, nil); err == nil || !strings.Contains(err.Error(), "call "+op+",") {
					t.Errorf("%s with %s: err = %v, want that it calls %s: take it out of unwritable", s.ID, d.File(), err, op)
				}
				continue
			}
			out = append(out, written{s, v, d})
		}
	}
	return out
}

// written is a lesson, a variant of its primitive, and that variant
// written in the language.
type written struct {
	s       *scenarios.Scenario
	variant string
	def     *lang.Def
}

// TestWrittenTraces replays every named schedule of every lesson on each
// built-in variant and on its example written in the language, and
// requires the same trace: every step's label, operation, cell, orders,
// values and events, the state after it, and the outcome.
func TestWrittenTraces(t *testing.T) {
	for _, w := range crossValidated(t) {
		s, v := w.s, w.variant
		t.Run(s.ID+"/"+v, func(t *testing.T) {
			builtin, err := s.Build(v, nil)
			if err != nil {
				t.Fatal(err)
			}
			written, err := s.BuildWrittenOn(w.def, v, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, sc := range s.Schedules {
				want := textTrace(t, builtin, sc.For(v))
				got := textTrace(t, written, sc.For(v))
				if got != want {
					t.Errorf("schedule %s:\n%s", sc.Name, lineDiff(want, got))
				}
			}
		})
	}
}

// lineDiff shows the first line where two traces differ.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range max(len(w), len(g)) {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n  Go port: %s\n  written: %s", i+1, a, b)
		}
	}
	return "(same)"
}

// TestWrittenExplore explores every lesson on each built-in variant and on
// its written example, at the lesson's parameters and with each parameter
// one higher, and requires the same counts: executions, and executions
// per outcome.
func TestWrittenExplore(t *testing.T) {
	for _, w := range crossValidated(t) {
		s, v := w.s, w.variant
		sizes := []map[string]int{nil}
		if len(s.Params) > 0 {
			bigger := map[string]int{}
			for k, n := range s.Params {
				bigger[k] = n + 1
			}
			sizes = append(sizes, bigger)
		}
		for _, params := range sizes {
			t.Run(fmt.Sprintf("%s/%s/%v", s.ID, v, params), func(t *testing.T) {
				builtin, err := s.Build(v, params)
				if err != nil {
					t.Fatal(err)
				}
				written, err := s.BuildWrittenOn(w.def, v, params)
				if err != nil {
					t.Fatal(err)
				}
				o := explore.Options{MaxStates: 100_000}
				want, err := explore.Explore(context.Background(), builtin, o)
				if err != nil {
					t.Fatal(err)
				}
				got, err := explore.Explore(context.Background(), written, o)
				if err != nil {
					t.Fatal(err)
				}
				if got.Executions.Cmp(want.Executions) != 0 || got.Complete != want.Complete || !sameCounts(got.Outcomes, want.Outcomes) {
					t.Errorf("written: %d executions %v (complete %v); Go port: %d executions %v (complete %v)",
						got.Executions, got.Outcomes, got.Complete, want.Executions, want.Outcomes, want.Complete)
				}
			})
		}
	}
}

func sameCounts(a, b map[outcome.Kind]*big.Int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w.Cmp(v) != 0 {
			return false
		}
	}
	return true
}

// TestBuildWrittenErrors: a written primitive that does not fit the
// lesson says why.
func TestBuildWrittenErrors(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		lesson, src, want string
	}{
		{"wg-lost-wakeup", "primitive wg(int32 count) { atomic<int32> c = count; void wait() { c.load(); } }",
			"call done, which primitive wg does not have (it has: wait)"},
		{"wg-lost-wakeup", "primitive wg { atomic<int32> c; void wait() { c.load(); } void done() { c.load(); } }",
			"the lesson sets count, and primitive wg has no parameter count"},
		{"event-value", "primitive ev(bool set) { atomic<int32> c; void wait() { c.load(); } void set() { c.load(); } }",
			"carries a value, and primitive ev has no parameter value"},
	}
	for _, tt := range tests {
		s, err := cat.Lookup(tt.lesson)
		if err != nil {
			t.Fatal(err)
		}
		d, err := lang.Compile("t.lsp", tt.src)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.BuildWritten(d, nil); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: BuildWritten = %v, want %q", tt.lesson, err, tt.want)
		}
	}
}

// TestWrittenLoopStops: a step that loops without touching shared memory
// ends the run with a panic that names the loop, in the machine as in the
// explorer.
func TestWrittenLoopStops(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	s, err := cat.Lookup("wg-lost-wakeup")
	if err != nil {
		t.Fatal(err)
	}
	d, err := lang.Compile("t.lsp", `primitive wg(int32 count) {
    atomic<int32> c = count;
    void wait() {
        auto n = c.load();
        while (n > 0)
            n = n + 1;
    }
    void done() { c.fetch_sub(1); }
}`)
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.BuildWritten(d, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, out, err := sim.ReplaySchedule(p, schedule.Schedule{{Thread: "W1"}}, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if out.Kind != outcome.Panic || !strings.Contains(out.Message, "5:9: a loop ran") {
		t.Errorf("outcome %s: %s; want a panic at the loop (5:9)", out.Kind, out.Message)
	}
	r, err := explore.Explore(context.Background(), p, explore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := r.Outcomes[outcome.Panic]; n == nil || n.Sign() == 0 {
		t.Errorf("the explorer found %v, want panics", r.Outcomes)
	}
}

// exampleB is example for a benchmark: the example must exist.
func exampleB(b *testing.B, prim, v string) *lang.Def {
	d := example(b, prim, v)
	if d == nil {
		b.Fatalf("no example %s %s", prim, v)
	}
	return d
}

// TestReplayWritten: a written primitive replays the lesson's schedules;
// one with other labels follows the threads alone.
func TestReplayWritten(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	s, err := cat.Lookup("wg-lost-wakeup")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := s.ReplayWritten(example(t, "wait_group", "tinycoro"), "tinycoro")
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != len(s.Schedules) || rs[0].Outcome.Kind != outcome.LostWakeup || rs[0].LabelsIgnored {
		t.Errorf("replays %+v; want the lost wakeup first, labels followed", rs)
	}
	relabelled := strings.ReplaceAll(example(t, "wait_group", "tinycoro").Source(), "G", "X")
	d, err := lang.Compile("x.lsp", relabelled)
	if err != nil {
		t.Fatal(err)
	}
	rs, err = s.ReplayWritten(d, "tinycoro")
	if err != nil {
		t.Fatal(err)
	}
	if !rs[0].LabelsIgnored || rs[0].Outcome.Kind != outcome.LostWakeup {
		t.Errorf("relabelled: %+v; want the lost wakeup, labels ignored", rs[0])
	}
}

// TestWrittenDocs: a written primitive's steps cite its own file and
// lines, and its docs are its comments, in either language.
func TestWrittenDocs(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	s, err := cat.Lookup("wg-lost-wakeup")
	if err != nil {
		t.Fatal(err)
	}
	d, err := lang.Compile("mine.lsp", strings.Replace(example(t, "wait_group", "tinycoro").Source(),
		"// if m_count.load(acquire) == 0: don't suspend", "// my own words", 1))
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.BuildWritten(d, nil)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := sim.ReplaySchedule(p, mustSchedule(t, "W1 W1 W1"), sim.Options{Record: true, Locations: true})
	if err != nil {
		t.Fatal(err)
	}
	r := m.Records()[2]
	if p.Label(r.Label) != "G3" || r.Loc.File != "mine.lsp" || r.Loc.Line != 22 || r.Loc.Function != "wait_group.wait" {
		t.Errorf("step 2: %s at %+v; want G3 at mine.lsp:22 in wait_group.wait", p.Label(r.Label), r.Loc)
	}
	for _, l := range []string{"en", "zh"} {
		if doc := words.LabelDoc(p, r.Label, l); doc != "my own words" {
			t.Errorf("doc in %s = %q, want the comment", l, doc)
		}
	}
}
