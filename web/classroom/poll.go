package classroom

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"lockstep/sim"
	"lockstep/sim/program"
	"lockstep/sim/record"
	"lockstep/sim/schedule"
	"lockstep/sim/snapshot"
	"lockstep/sim/words"
	"lockstep/web/classroom/lecture"
	"lockstep/web/playground"
)

// The kinds of poll a presenter can ask for.
const (
	// pollThread asks which thread moves next, or, when several threads
	// are about to CAS the same cell and each would succeed alone, whose
	// CAS wins. The presenter's reveal decides: it steps the chosen
	// thread.
	pollThread = "thread"
	// pollValue asks what a thread's next step will leave in the cell it
	// writes, or read from the cell it reads. The answer is computed by
	// performing the step on a copy of the machine.
	pollValue = "value"
)

// maxChoices bounds the options of a value poll: the answer and up to
// three values the cell held or the step names.
const maxChoices = 4

// derivePoll builds the poll of kind (about thread, for a value poll) at
// the presenter's position pos.
func (rs *Rooms) derivePoll(pos lecture.Position, kind, thread string) (lecture.Poll, error) {
	m, err := rs.machineAt(pos)
	if err != nil {
		return lecture.Poll{}, unreplayable(err)
	}
	if m.Finished() {
		return lecture.Poll{}, lecture.Problemf(nil, "the run is over: there is no next step to predict", "运行已经结束：没有下一步可以预测")
	}
	switch kind {
	case pollThread:
		return threadPoll(m, pos.Lang)
	case pollValue:
		return valuePoll(m, thread, pos.Lang)
	}
	return lecture.Poll{}, lecture.Problemf(nil, "poll: kind must be %q or %q", "poll：kind 必须是 %q 或 %q", pollThread, pollValue)
}

// machineAt replays the presenter's history up to its position.
func (rs *Rooms) machineAt(pos lecture.Position) (*sim.Machine, error) {
	lesson, err := rs.lessons.Lookup(pos.Lesson)
	if err != nil {
		return nil, err
	}
	variant := pos.Variant
	if variant == "" {
		variant = lesson.Variants[0]
	}
	if !slices.Contains(lesson.Variants, variant) {
		return nil, lecture.Problemf(nil, "%s has no variant %q", "%s 没有变体 %q", lesson.ID, variant)
	}
	params, err := lesson.Resolve(pos.Params)
	if err != nil {
		return nil, err
	}
	prog, err := lesson.Build(variant, params)
	if err != nil {
		return nil, err
	}
	var sched schedule.Schedule
	if pos.Schedule != "" {
		if sched, err = playground.LessonSchedule(lesson, variant, pos.Schedule); err != nil {
			return nil, err
		}
	}
	if pos.Index > len(sched) {
		return nil, lecture.Problemf(nil, "position %d is past the end of the history (%d steps)", "位置 %d 超出了历史的末尾（共 %d 步）", pos.Index, len(sched))
	}
	return sim.ReplayPrefix(prog, sched[:pos.Index], sim.Options{Record: true})
}

// threadPoll asks which of the threads that can move goes next. When
// several of them are about to CAS one cell and each would succeed alone,
// it asks whose CAS wins, among those.
func threadPoll(m *sim.Machine, lang string) (lecture.Poll, error) {
	p := m.Program()
	enabled := m.Enabled(nil)
	if len(enabled) < 2 {
		names := make([]string, len(enabled))
		for i, t := range enabled {
			names[i] = p.Threads[t].Name
		}
		return lecture.Poll{}, lecture.Problemf(nil, "only %s can move: there is no choice to predict", "只有 %s 能走：没有可以预测的选择", strings.Join(names, ", "))
	}
	q := lecture.Poll{Kind: pollThread, Answer: lecture.NoAnswer, Question: pollText(lang, "thread.next")}
	casers := map[program.Word][]int{} // cell → threads whose CAS on it would succeed
	var cells []program.Word           // those cells, in thread order
	for _, t := range enabled {
		if r, _ := m.Pending(t); r.Op == program.OpCAS && r.OK {
			if casers[r.Addr] == nil {
				cells = append(cells, r.Addr)
			}
			casers[r.Addr] = append(casers[r.Addr], t)
		}
	}
	movers := enabled
	for _, cell := range cells {
		if len(casers[cell]) < 2 {
			continue
		}
		movers = casers[cell]
		names := make([]string, len(movers))
		for i, t := range movers {
			names[i] = p.Threads[t].Name
		}
		q.Question = fmt.Sprintf(pollText(lang, "thread.cas"), strings.Join(names, ", "), p.CellName(cell))
		break
	}
	for _, t := range movers {
		r, _ := m.Pending(t)
		name := p.Threads[t].Name
		detail := strings.TrimSpace(words.LabelName(p, r.Label) + " " + words.OpTextIn(p, r, false, lang))
		q.Options = append(q.Options, lecture.Option{Label: name, Detail: detail, Thread: name})
	}
	return q, nil
}

// valuePoll asks what thread's next step leaves in its cell, or reads.
func valuePoll(m *sim.Machine, thread, lang string) (lecture.Poll, error) {
	p := m.Program()
	t := p.Thread(thread)
	if t < 0 {
		return lecture.Poll{}, lecture.Problemf(nil, "no thread %q", "没有线程 %q", thread)
	}
	r, ok := m.Pending(t)
	if !ok {
		return lecture.Poll{}, lecture.NewProblem(nil, fmt.Sprintf("%s cannot move: %s", thread, m.Why(t)), fmt.Sprintf("%s 不能走：%s", thread, words.Blocked(m.Blocked(t), "zh")))
	}
	// The question names the step by its label and its kind of operation,
	// never by its operands: "fetch_add m_count +1" beside the value now
	// would say the answer.
	step := strings.TrimSpace(words.LabelName(p, r.Label) + " " + words.OpVerb(r.Op, lang))
	var answer, question string
	switch r.Op {
	case program.OpLoad, program.OpRead:
		answer = p.FormatCell(r.Addr, r.Result)
		question = fmt.Sprintf(pollText(lang, "value.read"), thread, p.CellName(r.Addr), step)
	case program.OpStore, program.OpWrite, program.OpExchange, program.OpCAS, program.OpFetchAdd: // writesCell
		after := m.Clone()
		if _, err := after.Step(t); err != nil {
			return lecture.Poll{}, unreplayable(err)
		}
		answer = cellValueAt(after, r.Addr)
		question = fmt.Sprintf(pollText(lang, "value.write"), p.CellName(r.Addr), thread, step)
	default:
		return lecture.Poll{}, lecture.Problemf(nil, "%s's next step (%s) reads or writes no cell: ask which thread moves instead", "%s 的下一步（%s）不读也不写任何单元：请改问哪个线程先走", thread, step)
	}
	choices := valueChoices(m, r, answer)
	if len(choices) < 2 {
		return lecture.Poll{}, lecture.Problemf(nil, "%s can hold nothing but %s here: there is nothing to predict", "%s 在这里只能是 %s：没有可以预测的", p.CellName(r.Addr), answer)
	}
	q := lecture.Poll{Kind: pollValue, Question: question, Thread: thread}
	for i, v := range choices {
		q.Options = append(q.Options, lecture.Option{Label: v})
		if v == answer {
			q.Answer = i
		}
	}
	return q, nil
}

// valueChoices are the answer and the values a student may expect
// instead, most telling first: the cell's value now, what it would be had
// another thread's pending step on it gone first, the values the step
// names (a CAS's expected and desired, a store's operand), the values the
// cell held earlier (latest first), its named sentinels, its initial value
// and, for a number, its neighbours. At most maxChoices are kept, sorted
// so their order tells nothing.
func valueChoices(m *sim.Machine, r record.Step, answer string) []string {
	p := m.Program()
	a := r.Addr
	candidates := []string{answer, cellValueAt(m, a)}
	for _, u := range m.Enabled(nil) {
		if u == r.Thread {
			continue
		}
		if o, ok := m.Pending(u); ok && o.Addr == a && writesCell(o.Op) {
			other := m.Clone()
			if _, err := other.Step(u); err == nil {
				candidates = append(candidates, cellValueAt(other, a))
			}
		}
	}
	switch r.Op {
	case program.OpCAS:
		candidates = append(candidates, p.FormatCell(a, r.Value), p.FormatCell(a, r.Expected))
	case program.OpStore, program.OpWrite, program.OpExchange:
		candidates = append(candidates, p.FormatCell(a, r.Value))
	}
	recs := m.Records()
	for i := len(recs) - 1; i >= 0; i-- {
		if recs[i].Addr == a {
			candidates = append(candidates, heldValues(p, recs[i])...)
		}
	}
	if a < program.Word(len(p.Cells)) {
		c := p.Cells[a]
		for _, w := range slices.Sorted(maps.Keys(c.Names)) {
			candidates = append(candidates, c.Names[w])
		}
		candidates = append(candidates, p.FormatCell(a, c.Init))
		if c.Kind == program.Int32 || c.Kind == program.Int64 || c.Kind == program.Uint32 {
			now := cellAt(m, a).Raw
			candidates = append(candidates, p.FormatCell(a, now+1), p.FormatCell(a, now-1))
		}
	}
	var out []string
	for _, c := range candidates {
		if c != "" && !slices.Contains(out, c) && len(out) < maxChoices {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
}

// writesCell reports whether an operation stores to its cell.
func writesCell(op program.OpKind) bool {
	switch op {
	case program.OpStore, program.OpWrite, program.OpExchange, program.OpCAS, program.OpFetchAdd:
		return true
	}
	return false
}

// heldValues are the values of its cell that step rec saw: what it read,
// and what it wrote when it wrote a given value.
func heldValues(p *program.Program, rec record.Step) []string {
	var vs []string
	switch rec.Op {
	case program.OpLoad, program.OpRead, program.OpExchange, program.OpCAS, program.OpFetchAdd:
		vs = append(vs, p.FormatCell(rec.Addr, rec.Result))
	}
	switch {
	case rec.Op == program.OpStore, rec.Op == program.OpWrite, rec.Op == program.OpExchange, rec.Op == program.OpCAS && rec.OK:
		vs = append(vs, p.FormatCell(rec.Addr, rec.Value))
	}
	return vs
}

// cellAt is the cell at addr in m's state now.
func cellAt(m *sim.Machine, addr program.Word) snapshot.CellState {
	for _, c := range snapshot.Of(m).Cells {
		if c.Addr == addr {
			return c
		}
	}
	return snapshot.CellState{}
}

// cellValueAt is the value of the cell at addr in m, shown symbolically.
func cellValueAt(m *sim.Machine, addr program.Word) string { return cellAt(m, addr).Value }

// pollTexts are the questions of derived polls, in English and Chinese.
var pollTexts = map[string][2]string{
	"thread.next": {"Which thread should move next?", "下一步该让哪个线程执行？"},
	"thread.cas":  {"%s are each about to CAS %s, and each would succeed alone. Whose CAS wins?", "%s 都即将对 %s 执行 CAS，单独执行时都会成功。谁的 CAS 会赢？"},
	"value.read":  {"What will %s read from %s at its next step (%s)?", "%s 在下一步（%[3]s）会从 %[2]s 读到什么？"},
	"value.write": {"What will %s hold after %s's next step (%s)?", "%[2]s 执行下一步（%[3]s）之后，%[1]s 的值是什么？"},
}

// pollText is the question key in lang.
func pollText(lang, key string) string {
	t := pollTexts[key]
	if lang == "zh" {
		return t[1]
	}
	return t[0]
}
