package words

import (
	"errors"
	"fmt"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/schedule"
)

// TestScheduleErrors makes every kind of schedule error with the engine,
// on the lessons, and says it in both languages: the English is what the
// engine says, the Chinese is its own sentence.
func TestScheduleErrors(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		lesson, schedule string
		c11, exact       bool // under c11; replayed exactly, without continuing
		kind             schedule.ErrorKind
		en, zh           string
	}{
		{"wg-lost-wakeup", "W1 W1*0", false, false, schedule.BadRepeat,
			`bad schedule: line 1, column 4: "W1*0": repeat count must be a number from 1 to 100000`,
			`调度有误：第 1 行第 4 列："W1*0"：重复次数必须是 1 到 100000 之间的整数`},
		{"wg-lost-wakeup", "W1\nW1<x", false, false, schedule.BadSource,
			`bad schedule: line 2, column 1: "W1<x": a read's source is init or the number of the step that wrote (1 to 100000)`,
			`调度有误：第 2 行第 1 列："W1<x"：读取来源是 init，或者写入它的那一步的编号（1 到 100000）`},
		{"wg-lost-wakeup", "W1@G!", false, false, schedule.BadLabel,
			`bad schedule: line 1, column 1: "W1@G!": a label is letters, digits, '_', '.', '\'' or '-'`,
			`调度有误：第 1 行第 1 列："W1@G!"：标签只能由字母、数字、'_'、'.'、'\'' 或 '-' 组成`},
		{"wg-lost-wakeup", "W!1", false, false, schedule.BadThreadName,
			`bad schedule: line 1, column 1: "W!1": a thread name is letters, digits, '_', '.' or '-'`,
			`调度有误：第 1 行第 1 列："W!1"：线程名只能由字母、数字、'_'、'.' 或 '-' 组成`},
		{"wg-lost-wakeup", "W1*100000 D1", false, false, schedule.TooLong,
			`bad schedule: line 1, column 11: longer than 100000 steps`,
			`调度有误：第 1 行第 11 列：超过了 100000 步`},
		{"wg-lost-wakeup", "W1 Q7", false, false, schedule.NoThread,
			`bad schedule: step 2: no thread "Q7" (threads: W1, D1)`,
			`调度有误：第 2 步：没有线程 "Q7"（线程有：W1、D1）`},
		{"wg-lost-wakeup", "D1 D1 D1", false, false, schedule.CannotMove,
			`bad schedule: step 3: D1 cannot move: D1 has finished`,
			`调度有误：第 3 步：D1 不能前进：D1 已经结束`},
		{"wg-lost-wakeup", "W1@G1 W1@G9", false, false, schedule.WrongLabel,
			`bad schedule: step 2: W1 is at G2, not G9`,
			`调度有误：第 2 步：W1 停在 G2，而不是 G9`},
		{"wg-lost-wakeup", "W1*5 D1 D1 W1 W1 W1", false, true, schedule.RunOver,
			`bad schedule: step 9: the run is already over`,
			`调度有误：第 9 步：运行已经结束了`},
		{"wg-lost-wakeup", "W1<3", false, false, schedule.SourceNotC11,
			`bad schedule: bad read source: step 1: W1<3: a read chooses its write only under the c11 memory model`,
			`调度有误：读取来源有误：第 1 步：W1<3：只有在 c11 内存模型下，读取才能选择它读到的写入`},
		{"litmus-mp", "P<init", true, false, schedule.SourceNoRead,
			`bad schedule: bad read source: step 1: P's next step makes no read`,
			`调度有误：读取来源有误：第 1 步：P 的下一步不是读取`},
		{"litmus-mp", "P@STX P@STY Q@LDY Q@YR1 Q@LDX<4", true, false, schedule.SourceNotCandidate,
			`bad schedule: bad read source: step 5: Q's read of mem.x cannot return the write 4 (it may read: init, 1)`,
			`调度有误：读取来源有误：第 5 步：Q 对 mem.x 的读取不能返回写入 4（它可以读到：init, 1）`},
		{"wg-lost-wakeup", "W1^x", false, false, schedule.BadPlace,
			`bad schedule: line 1, column 1: "W1^x": a store's place is the number of the step whose write it goes before (1 to 100000)`,
			`调度有误：第 1 行第 1 列："W1^x"：写入的位置是它要排在其前面的那次写入所在步骤的编号（1 到 100000）`},
		{"litmus-2plus2w", "P^1", false, false, schedule.PlaceNotC11,
			`bad schedule: bad store place: step 1: P^1: a store chooses its place in modification order only under the c11 memory model`,
			`调度有误：写入位置有误：第 1 步：P^1：只有在 c11 内存模型下，写入才能选择它在修改顺序中的位置`},
		{"litmus-mp", "P P Q^1", true, false, schedule.PlaceNoStore,
			`bad schedule: bad store place: step 3: Q's next step makes no store with a choice of place`,
			`调度有误：写入位置有误：第 3 步：Q 的下一步没有可以选择位置的写入`},
		{"litmus-2plus2w", "P@STX Q@STY P@STY^1", true, false, schedule.PlaceNotCandidate,
			`bad schedule: bad store place: step 3: P's store to mem.y cannot go before the write 1 (it may go before: 2, the end)`,
			`调度有误：写入位置有误：第 3 步：P 对 mem.y 的写入不能排在写入 1 之前（它可以排在这些之前：2, 末尾）`},
	}
	seen := map[schedule.ErrorKind]bool{}
	for _, tt := range tests {
		t.Run(string(tt.kind), func(t *testing.T) {
			err := scheduleError(t, cat, tt.lesson, tt.schedule, tt.c11, tt.exact)
			var se *schedule.Error
			if !errors.As(err, &se) || se.Kind != tt.kind {
				t.Fatalf("%s on %s: %v, want a %s error", tt.schedule, tt.lesson, err, tt.kind)
			}
			seen[se.Kind] = true
			if !errors.Is(err, schedule.ErrInvalid) || errors.Is(err, schedule.ErrSource) != se.Kind.IsSource() ||
				errors.Is(err, schedule.ErrPlace) != se.Kind.IsPlace() {
				t.Errorf("%v does not wrap what it is a case of", err)
			}
			for _, c := range []struct{ lang, got, want string }{
				{"en", ScheduleError(se, "en"), tt.en},
				{"en", se.Error(), tt.en},
				{"zh", ScheduleError(se, "zh"), tt.zh},
				{"zh", Error(fmt.Errorf("load: %w", err), "zh"), "load: " + tt.zh},
			} {
				if c.got != c.want {
					t.Errorf("in %s:\n got %s\nwant %s", c.lang, c.got, c.want)
				}
			}
			checkChinese(t, ScheduleReason(se, "zh"))
		})
	}
	for _, k := range schedule.ErrorKinds {
		if !seen[k] {
			t.Errorf("kind %s is not in the table", k)
		}
	}
}

// scheduleError runs schedule on lesson's first variant and returns its
// error.
func scheduleError(t *testing.T, cat *scenarios.Catalog, lesson, text string, c11, exact bool) error {
	t.Helper()
	l, err := cat.Lookup(lesson)
	if err != nil {
		t.Fatal(err)
	}
	p, err := l.Build(l.Variants[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	sched, err := schedule.Parse(text)
	if err != nil {
		return err
	}
	o := sim.Options{}
	if c11 {
		o.Memory = sim.C11
	}
	if exact {
		_, err = sim.ReplayPrefix(p, sched, o)
		return err
	}
	_, _, err = sim.ReplaySchedule(p, sched, o)
	return err
}
