package playground

import (
	"errors"
	"fmt"
	"strings"

	"lockstep/sim"
	"lockstep/sim/c11"
	"lockstep/sim/program"
	"lockstep/sim/record"
	"lockstep/sim/schedule"
	"lockstep/sim/snapshot"
	"lockstep/web/playground/protocol"
)

// A timeline is one program, the history of steps chosen on it, the
// position on that history and a machine at the position. Going forward
// performs the next step of the history; going back replays the history up
// to the new position from the start (runs are short: a step limit bounds
// them). Stepping a thread anywhere but at the end replaces the future.
type timeline struct {
	prog    *program.Program
	history schedule.Schedule       // every step, with its label
	entries []protocol.HistoryEntry // the history for the timeline view
	pos     int
	m       *sim.Machine // has performed history[:pos]
	// before holds the cells as they were before the step that led to
	// pos (nil at 0), to tell which ones the step changed.
	before []cellValue
	// snap is m's snapshot, once computed; nil when m has changed since.
	snap *snapshot.Snapshot
	// mm is the memory model the runs use.
	mm sim.MemoryModel
}

// cellValue is a cell's raw value and liveness at one moment.
type cellValue struct {
	raw  program.Word
	live bool
}

// recording is how a timeline's machines run: with records and source
// locations, for the views, under its memory model.
func (tl *timeline) recording() sim.Options {
	return sim.Options{Record: true, Locations: true, Memory: tl.mm}
}

// newTimeline starts an empty history on p under memory model mm.
func newTimeline(p *program.Program, mm sim.MemoryModel) *timeline {
	tl := &timeline{prog: p, mm: mm}
	tl.m = sim.New(p, tl.recording())
	return tl
}

// over reports whether the position is the end of a finished run.
func (tl *timeline) over() bool { return tl.pos == len(tl.history) && tl.m.Finished() }

// stepThread performs the next step of the named thread at the position,
// its read returning the write from names and its store going just
// before the write before names in its cell's modification order (c11;
// "" for the latest write and for the end), replacing the history's
// future.
func (tl *timeline) stepThread(name, from, before string) error {
	if name == "" {
		return errors.New("step: say which thread")
	}
	t := tl.prog.Thread(name)
	if t < 0 {
		return fmt.Errorf("no thread %q (threads: %s)", name, tl.threadNames())
	}
	if !tl.m.CanMove(t) {
		return fmt.Errorf("%s cannot move: %s", name, tl.m.Why(t))
	}
	src, place := c11.Latest, c11.Latest
	if from != "" {
		var err error
		if src, err = c11.ParseSource(from, schedule.MaxSteps); err != nil {
			return err
		}
	}
	if before != "" {
		var err error
		if place, err = c11.ParseSource(before, schedule.MaxSteps); err != nil || place == c11.Init {
			return fmt.Errorf("before %q: a store's place is the number of the step whose write it goes before (1 to %d)", before, schedule.MaxSteps)
		}
	}
	tl.history, tl.entries = tl.history[:tl.pos], tl.entries[:tl.pos]
	return tl.push(t, src, place)
}

// push performs a new step of thread t at the end of the history, its
// read returning the write from names and its store going just before
// the write before names.
func (tl *timeline) push(t int, from, before c11.Source) error {
	if len(tl.history) >= schedule.MaxSteps {
		return fmt.Errorf("the history is %d steps long, the most a schedule may have", schedule.MaxSteps)
	}
	tl.before = tl.cells()
	tl.snap = nil
	rec, err := tl.m.StepChoice(t, from, before)
	if err != nil {
		return err
	}
	c := schedule.Choice{Thread: tl.prog.Threads[t].Name}
	if r := rec.Read; r != nil && r.Stale() {
		c.From = r.Candidates[r.Chosen].Source
	}
	if pc := rec.Place; pc != nil {
		c.Before = pc.Places[pc.Chosen].Source
	}
	if rec.Label >= 0 {
		c.Label = tl.prog.Label(rec.Label)
	}
	tl.history = append(tl.history, c)
	tl.entries = append(tl.entries, entryOf(tl.prog, rec))
	tl.pos++
	return nil
}

// forward performs the next step of the history.
func (tl *timeline) forward() error {
	if tl.pos >= len(tl.history) {
		return errors.New("this is the end of the history: step a thread to go on")
	}
	return tl.advance()
}

// advance performs history[pos].
func (tl *timeline) advance() error {
	c := tl.history[tl.pos]
	tl.before = tl.cells()
	tl.snap = nil
	if _, err := tl.m.StepChoice(tl.prog.Thread(c.Thread), c.From, c.Before); err != nil {
		return fmt.Errorf("step %d: %w", tl.pos, err)
	}
	tl.pos++
	return nil
}

// back moves to the previous position.
func (tl *timeline) back() error {
	if tl.pos == 0 {
		return errors.New("this is the start: there is no step to undo")
	}
	return tl.seek(tl.pos - 1)
}

// seek moves to position target of the history.
func (tl *timeline) seek(target int) error {
	if target < 0 || target > len(tl.history) {
		return fmt.Errorf("step %d is out of range 0..%d", target, len(tl.history))
	}
	switch target {
	case tl.pos:
		return nil
	case tl.pos + 1:
		return tl.advance()
	}
	return tl.rebuild(target)
}

// rebuild replays the history from the start up to target.
func (tl *timeline) rebuild(target int) error {
	if target == 0 {
		tl.m, tl.before, tl.pos, tl.snap = sim.New(tl.prog, tl.recording()), nil, 0, nil
		return nil
	}
	m, err := sim.ReplayPrefix(tl.prog, tl.history[:target-1], tl.recording())
	if err != nil {
		return err
	}
	tl.m, tl.pos, tl.snap = m, target-1, nil
	return tl.advance()
}

// replace makes the run of sched (followed, then continued with each
// thread in turn until the run is over) the history, and moves to step.
// On an error nothing changes.
func (tl *timeline) replace(sched schedule.Schedule, step int) error {
	m, _, err := sim.ReplaySchedule(tl.prog, sched, tl.replayOptions())
	return tl.adopt(m, err, step)
}

// replaceExact makes the run of sched, as far as sched goes, the history,
// and moves to step. On an error nothing changes.
func (tl *timeline) replaceExact(sched schedule.Schedule, step int) error {
	m, err := sim.ReplayPrefix(tl.prog, sched, tl.replayOptions())
	return tl.adopt(m, err, step)
}

// replayOptions are how the runs that make a history go: recorded, under
// the timeline's memory model, without the costly source locations
// (recording adds them for the step shown).
func (tl *timeline) replayOptions() sim.Options {
	return sim.Options{Record: true, Memory: tl.mm}
}

// adopt makes m's run the history and moves to step, unless the replay
// that made m failed (err) or step is out of its range.
func (tl *timeline) adopt(m *sim.Machine, err error, step int) error {
	if err != nil {
		return err
	}
	history := m.Schedule()
	if step < 0 || step > len(history) {
		return fmt.Errorf("step %d is out of range 0..%d", step, len(history))
	}
	tl.history, tl.entries = history, entriesOf(tl.prog, m.Records())
	return tl.rebuild(step)
}

// follow makes the history the given threads' steps, as far as they can
// go on this program, and moves to pos or to the end of what was followed.
func (tl *timeline) follow(threads schedule.Schedule, pos int) {
	m := sim.New(tl.prog, tl.replayOptions())
	for _, c := range threads {
		t := tl.prog.Thread(c.Thread)
		if !m.CanMove(t) {
			break
		}
		if _, err := m.Step(t); err != nil {
			break
		}
	}
	tl.history, tl.entries = m.Schedule(), entriesOf(tl.prog, m.Records())
	// The history was just performed on this program: replaying it cannot fail.
	_ = tl.rebuild(min(pos, len(tl.history)))
}

// play is one autoplay step: the next step of the history, or past its
// end the next thread in turn (sim.Continue). It does nothing once the run
// is over.
func (tl *timeline) play() error {
	if tl.pos < len(tl.history) {
		return tl.advance()
	}
	if tl.m.Finished() {
		return nil
	}
	var buf [16]int
	t, err := sim.Continue{}.Choose(tl.m, tl.m.Enabled(buf[:0]))
	if err != nil {
		return err
	}
	return tl.push(t, c11.Latest, c11.Latest)
}

// reset empties the history.
func (tl *timeline) reset() {
	tl.history, tl.entries = nil, nil
	_ = tl.rebuild(0)
}

func (tl *timeline) threadNames() string {
	names := make([]string, len(tl.prog.Threads))
	for i, t := range tl.prog.Threads {
		names[i] = t.Name
	}
	return strings.Join(names, ", ")
}

// snapshot is the machine's state at the position, computed once.
func (tl *timeline) snapshot() snapshot.Snapshot {
	if tl.snap == nil {
		s := snapshot.Of(tl.m)
		tl.snap = &s
	}
	return *tl.snap
}

// cells reads every cell of the machine's memory and whether it is live.
func (tl *timeline) cells() []cellValue {
	cells := tl.snapshot().Cells
	out := make([]cellValue, len(cells))
	for i, c := range cells {
		out[i] = cellValue{raw: c.Raw, live: c.Live}
	}
	return out
}

// entryOf is the timeline's view of one step.
func entryOf(p *program.Program, r record.Step) protocol.HistoryEntry {
	e := protocol.HistoryEntry{Thread: p.Threads[r.Thread].Name, Op: r.Op.String()}
	if r.Label >= 0 {
		e.Label = p.Label(r.Label)
	}
	if len(r.Findings) > 0 {
		e.Finding = string(r.Findings[0].Kind)
	}
	e.Own = r.Own(p)
	return e
}

func entriesOf(p *program.Program, recs []record.Step) []protocol.HistoryEntry {
	out := make([]protocol.HistoryEntry, len(recs))
	for i, r := range recs {
		out[i] = entryOf(p, r)
	}
	return out
}
