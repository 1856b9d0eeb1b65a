package main

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/record"
	"lockstep/sim/schedule"
	"lockstep/sim/words"
)

// TestVerdictsAreTrue drives every catalog lesson and variant, at its
// default parameters, under sc and under c11, to every outcome kind the
// explorer finds there, by replaying the explorer's counterexample as the
// playground loads one (sim.ReplaySchedule with a recording), and checks
// what the verdict (words.Outcome of the final state) claims against the
// state and the trace, without the engine's own judgement: a condition
// said to hold or not is evaluated here from the cells the stage shows,
// by their names; the threads said unable to move are the runnable set
// (Machine.Enabled), and what each thread's button says of its coroutines
// (Machine.Blocked) is their status; a waiter said to wait is parked, and one said never
// woken has no wake in the trace after it parked; the steps a verdict
// names were taken by whom it says, at the label it says.
func TestVerdictsAreTrue(t *testing.T) {
	if testing.Short() {
		t.Skip("searches every lesson of the catalog under two models")
	}
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	checked := map[outcome.Kind]int{}
	for _, l := range cat.All() {
		variants := l.Variants
		if raceEnabled {
			// Under the race detector, each lesson's first variant
			// alone, the one with the bug: the searches and replays
			// run on one thread, where the detector finds nothing, and
			// every kind checked below still shows.
			variants = variants[:1]
		}
		for _, v := range variants {
			prog, err := l.Build(v, nil)
			if err != nil {
				t.Fatalf("%s/%s: %v", l.ID, v, err)
			}
			for _, mm := range []sim.MemoryModel{sim.SC, sim.C11} {
				ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
				r, err := explore.Explore(ctx, prog, explore.Options{Strategy: explore.PreemptionBounded, MaxPreemptions: 2,
					MaxStates: 500_000, Memory: mm})
				cancel()
				if err != nil {
					t.Fatalf("%s/%s %s: %v", l.ID, v, mm, err)
				}
				for _, c := range r.Counterexamples {
					name := fmt.Sprintf("%s/%s %s %s", l.ID, v, mm, c.Kind)
					m, out, err := sim.ReplaySchedule(prog, c.Schedule, sim.Options{Record: true, Memory: mm})
					if err != nil {
						t.Errorf("%s: the counterexample does not replay: %v", name, err)
						continue
					}
					for _, claim := range checkVerdict(prog, m, c.Schedule, out, mm) {
						t.Errorf("%s: %q: %s", name, words.Outcome(out, "en"), claim)
					}
					checked[out.Kind]++
				}
			}
		}
	}
	t.Logf("verdicts checked, by kind: %v", checked)
	for _, k := range []outcome.Kind{outcome.Deadlock, outcome.LostWakeup, outcome.DroppedTask, outcome.PrematureRelease} {
		if checked[k] == 0 {
			t.Errorf("no %s verdict was checked: the catalog no longer shows one, or the search no longer finds it", k)
		}
	}
}

// checkVerdict returns each claim of o's verdict that the final state m,
// reached along s, does not bear out.
func checkVerdict(p *program.Program, m *sim.Machine, s schedule.Schedule, o outcome.Outcome, mm sim.MemoryModel) []string {
	var bad []string
	fail := func(f string, a ...any) { bad = append(bad, fmt.Sprintf(f, a...)) }
	d := o.Detail
	st := newCells(p, m)
	if strings.Contains(o.Message, "no thread can move") {
		if en := m.Enabled(nil); len(en) > 0 {
			fail("it says no thread can move, but %s can", p.Threads[en[0]].Name)
		}
	}
	// What the thread buttons say of each thread (Machine.Blocked).
	enabled := m.Enabled(nil)
	for ti, th := range p.Threads {
		bl := m.Blocked(ti)
		if can := slices.Contains(enabled, ti); bl.CanMove != can && !bl.Over {
			fail("thread %s: its button says can move = %v; the runnable set says %v", th.Name, bl.CanMove, can)
		}
		for _, bc := range bl.Coroutines {
			c := coroutineNamed(p, bc.Name)
			if c < 0 {
				fail("thread %s: no coroutine %s", th.Name, bc.Name)
				continue
			}
			cv := m.Coroutine(c)
			if cv.Status() != bc.Status {
				fail("thread %s: its button says %s is %s; it is %s", th.Name, bc.Name, bc.Status, cv.Status())
			}
			if bc.Status == outcome.Parked && (cv.Op() < 0 || p.Ops[cv.Op()].Name != bc.Op) {
				fail("thread %s: its button says %s is parked in %s", th.Name, bc.Name, bc.Op)
			}
			if bc.Spins != "" && (cv.SpinAddr() == 0 || p.CellName(cv.SpinAddr()) != bc.Spins) {
				fail("thread %s: its button says %s spins on %s", th.Name, bc.Name, bc.Spins)
			}
		}
	}
	stepBy := func(what string, step int, coroutine, label string) {
		if step < 0 || step >= len(s) {
			fail("%s: step %d is not in the trace of %d steps", what, step+1, len(s))
			return
		}
		rec := m.Records()[step]
		if coroutine != "" && words.CoroutineName(p, rec.Coroutine) != coroutine && s[step].Thread != coroutine {
			fail("%s: step %d was %s's (%s), not %s's", what, step+1, words.CoroutineName(p, rec.Coroutine), s[step].Thread, coroutine)
		}
		if label != "" && s[step].Label != label {
			fail("%s: step %d was at %s, not %s", what, step+1, s[step].Label, label)
		}
	}
	switch o.Kind {
	case outcome.Deadlock:
		parked := map[string]bool{}
		for i := range p.Coroutines {
			if m.Coroutine(i).Status() == outcome.Parked {
				parked[p.Coroutines[i].Name] = true
			}
		}
		for _, n := range d.Parked {
			if !parked[n] {
				fail("it says %s still waits, but %s is not parked", n, n)
			}
			delete(parked, n)
		}
		if d.Reason != outcome.Spinning {
			for n := range parked {
				fail("%s is parked, but the verdict does not name it", n)
			}
		}
		for i, sp := range d.Spins {
			c := coroutineNamed(p, sp)
			if c < 0 || m.Coroutine(c).SpinAddr() == 0 || p.CellName(m.Coroutine(c).SpinAddr()) != d.Cells[i] {
				fail("it says %s spins on %s, but it does not", sp, d.Cells[i])
			}
		}
		if d.Condition != "" {
			if p.Facts.Condition == "" && p.Facts.Open == nil && p.Facts.Free == nil && p.Facts.Waits == nil {
				fail("it names the condition %q, but the primitive declares none", d.Condition)
			}
			for _, each := range eachCondition(d.Condition) {
				holds, err := st.eval(each.cond)
				if err != nil {
					fail("cannot read its condition: %v", err)
				} else if holds {
					fail("it says %q does not hold, but it holds in the final state", each.cond)
				}
			}
		}
	case outcome.LostWakeup:
		c := coroutineNamed(p, o.Coroutine)
		if c < 0 || m.Coroutine(c).Status() != outcome.Parked {
			fail("it says %s parked for good, but it is not parked", o.Coroutine)
		}
		if holds, err := st.eval(d.Condition); err != nil {
			fail("cannot read its condition: %v", err)
		} else if !holds {
			fail("it says %q holds, but it does not in the final state", d.Condition)
		}
		if c >= 0 {
			checkParkedAt(m, c, parkedAt(d), fail)
		}
		if o.CauseStep >= 0 {
			stepBy("its cause", o.CauseStep, d.CauseBy, d.CauseLabel)
			if !d.CauseOpened && strings.Contains(o.Message, "came before it parked") && o.CauseStep >= d.ParkStep {
				fail("it says step %d came before the park at step %d", o.CauseStep+1, d.ParkStep+1)
			}
		}
	case outcome.DroppedTask:
		c := coroutineNamed(p, o.Coroutine)
		if c < 0 || m.Coroutine(c).Status() != outcome.Parked {
			fail("it says %s will never be resumed, but it is not parked", o.Coroutine)
		}
		if o.CauseStep >= 0 {
			if !hasEvent(m.Records()[o.CauseStep], record.Dropped, c) {
				fail("it says step %d dropped %s's handle; the trace has no drop there", o.CauseStep+1, o.Coroutine)
			}
		}
	case outcome.PrematureRelease:
		if d.Condition == "" {
			break
		}
		// "has not held since X parked": at no state from the park to
		// the release (or, for a wait that returns, at the release).
		from := o.Step
		if d.ParkStep > 0 && d.Other != "" {
			from = d.ParkStep + 1
		}
		for i := from; i <= o.Step; i++ {
			at, err := sim.ReplayPrefix(p, s[:i], sim.Options{Memory: mm})
			if err != nil {
				fail("the trace does not replay to step %d: %v", i, err)
				break
			}
			if holds, err := newCells(p, at).eval(d.Condition); err != nil {
				fail("cannot read its condition: %v", err)
				break
			} else if holds {
				fail("it says %q has not held, but it holds after step %d", d.Condition, i)
			}
		}
		if d.Other != "" {
			checkWakes(p, m.Records()[o.Step], d.Other, fail)
		}
	case outcome.DoubleResume:
		checkWakes(p, m.Records()[o.Step], d.Other, fail)
	}
	if o.Step >= 0 && o.Kind != outcome.LostWakeup && o.Kind != outcome.DroppedTask && o.Thread != "" && o.Step < len(s) {
		if s[o.Step].Thread != o.Thread {
			fail("it names step %d as %s's, but %s took it", o.Step+1, o.Thread, s[o.Step].Thread)
		}
		if d.Label != "" && s[o.Step].Label != d.Label {
			fail("it names step %d's label %s, but the step was at %s", o.Step+1, d.Label, s[o.Step].Label)
		}
	}
	return bad
}

// checkParkedAt checks that coroutine c parked at step park and that no
// step after it woke c.
func checkParkedAt(m *sim.Machine, c, park int, fail func(string, ...any)) {
	recs := m.Records()
	if park < 0 || park >= len(recs) || !hasEvent(recs[park], record.Parked, c) {
		fail("it says %s parked at step %d; the trace has no park there", m.Program().Coroutines[c].Name, park+1)
		return
	}
	for _, r := range recs[park+1:] {
		if wokenAt(r, c) {
			fail("it says %s was never woken after step %d, but step %d woke it", m.Program().Coroutines[c].Name, park+1, r.Index+1)
		}
	}
}

// parkedAt is the step at which a verdict's waiter parked.
func parkedAt(d outcome.Detail) int {
	if d.SleepStep > d.ParkStep {
		return d.SleepStep
	}
	return d.ParkStep
}

// checkWakes checks that step r submitted or resumed coroutine other, as
// a verdict says: the step it failed at wakes nobody, so the trace shows
// its access, to other's awaiter or frame.
func checkWakes(p *program.Program, r record.Step, other string, fail func(string, ...any)) {
	c := coroutineNamed(p, other)
	if c >= 0 && wokenAt(r, c) {
		return
	}
	if o := p.ObjectAt(r.Addr); (r.Op == program.OpSubmit || r.Op == program.OpResume) && o != nil && o.Coroutine == c && c >= 0 {
		return
	}
	fail("it says step %d wakes %s; the step (%s of %s) does not", r.Index+1, other, r.Op, p.CellName(r.Addr))
}

// wokenAt reports whether step r queued, resumed or inlined coroutine c.
func wokenAt(r record.Step, c int) bool {
	return hasEvent(r, record.Queued, c) || hasEvent(r, record.Resumed, c) || hasEvent(r, record.Inline, c) || hasEvent(r, record.Dropped, c)
}

func hasEvent(r record.Step, k record.EventKind, c int) bool {
	for _, e := range r.Events {
		if e.Kind == k && e.Coroutine == c {
			return true
		}
	}
	return false
}

func coroutineNamed(p *program.Program, name string) int {
	for i, c := range p.Coroutines {
		if c.Name == name {
			return i
		}
	}
	return -1
}

// waiterCondition is one waiter's condition in a deadlock's sentence.
type waiterCondition struct{ who, cond string }

// eachCondition splits "what each waits for (C: x; P: y)" into its
// waiters' conditions; any other condition is everybody's.
func eachCondition(c string) []waiterCondition {
	inner, ok := strings.CutPrefix(c, "what each waits for (")
	if !ok {
		return []waiterCondition{{"", c}}
	}
	var out []waiterCondition
	for _, part := range strings.Split(strings.TrimSuffix(inner, ")"), "; ") {
		who, cond, _ := strings.Cut(part, ": ")
		out = append(out, waiterCondition{who, cond})
	}
	return out
}

// cells is the final state as the stage shows it: each primitive cell's
// value by its name.
type cells struct {
	p   *program.Program
	mem []program.Word
}

func newCells(p *program.Program, m *sim.Machine) cells {
	mem := make([]program.Word, len(p.Cells))
	for a := range mem {
		mem[a] = m.Peek(program.Word(a))
	}
	return cells{p, mem}
}

// find is the address of the one cell of a primitive object named field,
// or with field as its last part.
func (c cells) find(field string) (program.Word, error) {
	var found []program.Word
	for a, cell := range c.p.Cells {
		if cell.Object < 0 || c.p.Objects[cell.Object].Kind != program.PrimitiveObject {
			continue
		}
		if cell.Name == field || strings.HasSuffix(cell.Name, "."+field) {
			found = append(found, program.Word(a))
		}
	}
	if len(found) != 1 {
		return 0, fmt.Errorf("%d primitive cells are named %s", len(found), field)
	}
	return found[0], nil
}

// packed is the value of field where the stage shows it inside a cell's
// value, as "(v=1, w=0)" or "(count=1, head=nullptr)".
func (c cells) packed(field string) (int64, error) {
	re := regexp.MustCompile(`[(, ]` + regexp.QuoteMeta(field) + `=(-?[0-9]+)[,)]`)
	var found []string
	for a, cell := range c.p.Cells {
		if cell.Object < 0 || c.p.Objects[cell.Object].Kind != program.PrimitiveObject {
			continue
		}
		if m := re.FindStringSubmatch(c.p.FormatCell(program.Word(a), c.mem[a])); m != nil {
			found = append(found, m[1])
		}
	}
	if len(found) != 1 {
		return 0, fmt.Errorf("%d primitive cells are named %s or show it", len(found), field)
	}
	return strconv.ParseInt(found[0], 10, 64)
}

var (
	comparison = regexp.MustCompile(`^([A-Za-z_][A-Za-z_0-9.]*) (==|!=|<=|>=|<|>) (.+)$`)
	inParens   = regexp.MustCompile(`\(([^()]*\([^()]*\)[^()]*|[^()]*)\)`)
	named      = regexp.MustCompile(`^[a-z_]+\((-?[0-9]+)\)$`)
)

// eval evaluates a condition in words as the verdicts write them: "FIELD
// OP VALUE" (VALUE a number, a named value "nolocked(1)", or "this (set)",
// the address of the object), and a channel's "room to send (m_num < 1)
// or the channel closed", "an item to receive (m_num > 0) or the channel
// closed", "the lock (mtx.m_state == nolocked(1))".
func (c cells) eval(cond string) (bool, error) {
	cond = strings.TrimSpace(cond)
	if cond == "" {
		return false, fmt.Errorf("no condition")
	}
	if head, ok := strings.CutSuffix(cond, " or the channel closed"); ok {
		a, err := c.find("m_close")
		if err != nil {
			return false, err
		}
		// The stage shows m_close by name: open(2), closed(1), or drained.
		if !strings.HasPrefix(c.p.FormatCell(a, c.mem[a]), "open") {
			return true, nil
		}
		cond = head
	}
	if m := inParens.FindStringSubmatch(cond); m != nil && !comparison.MatchString(cond) {
		cond = m[1]
	}
	m := comparison.FindStringSubmatch(cond)
	if m == nil {
		return false, fmt.Errorf("%q is not FIELD OP VALUE", cond)
	}
	var got, want int64
	a, err := c.find(m[1])
	if err == nil {
		got = int64(c.mem[a])
	} else if got, err = c.packed(m[1]); err != nil {
		return false, err
	}
	switch v := m[3]; {
	case v == "this (set)" && err == nil:
		want = int64(c.p.Objects[c.p.Cells[a].Object].Base)
	case named.MatchString(v):
		want, _ = strconv.ParseInt(named.FindStringSubmatch(v)[1], 10, 64)
	default:
		if want, err = strconv.ParseInt(v, 10, 64); err != nil {
			return false, fmt.Errorf("%q: %q is not a value", cond, v)
		}
	}
	switch m[2] {
	case "==":
		return got == want, nil
	case "!=":
		return got != want, nil
	case "<=":
		return got <= want, nil
	case ">=":
		return got >= want, nil
	case "<":
		return got < want, nil
	}
	return got > want, nil
}
