package words

import (
	"errors"
	"fmt"
	"lockstep/sim/schedule"
	"strings"
)

// ScheduleError says what is wrong with a schedule, in language lang,
// with where it is (its step, or its line and column): in English it is
// e.Error(), "bad schedule: step 3: W1 is at G3, not G4"; in Chinese
// "调度有误：第 3 步：W1 停在 G3，而不是 G4".
func ScheduleError(e *schedule.Error, lang string) string {
	if lang != Chinese {
		return e.Error()
	}
	head := "调度有误："
	if e.Kind.IsSource() {
		head += "读取来源有误："
	}
	if e.Kind.IsPlace() {
		head += "写入位置有误："
	}
	if e.Step > 0 {
		head += fmt.Sprintf("第 %d 步：", e.Step)
	}
	return head + ScheduleReason(e, lang)
}

// ScheduleReason says what is wrong with a schedule in language lang,
// without "bad schedule" and the step, which a page says in its own way
// when it points at the step: "W1 is at G3, not G4". A text that does not
// parse still says its line and column.
func ScheduleReason(e *schedule.Error, lang string) string {
	if lang != Chinese {
		return e.Reason()
	}
	at := fmt.Sprintf("第 %d 行第 %d 列：", e.Line, e.Col)
	switch e.Kind {
	case schedule.BadRepeat:
		return at + fmt.Sprintf("%q：重复次数必须是 1 到 %d 之间的整数", e.Token, e.Max)
	case schedule.BadSource:
		return at + fmt.Sprintf("%q：读取来源是 init，或者写入它的那一步的编号（1 到 %d）", e.Token, e.Max)
	case schedule.BadPlace:
		return at + fmt.Sprintf("%q：写入的位置是它要排在其前面的那次写入所在步骤的编号（1 到 %d）", e.Token, e.Max)
	case schedule.BadLabel:
		return at + fmt.Sprintf("%q：标签只能由字母、数字、'_'、'.'、'\\'' 或 '-' 组成", e.Token)
	case schedule.BadThreadName:
		return at + fmt.Sprintf("%q：线程名只能由字母、数字、'_'、'.' 或 '-' 组成", e.Token)
	case schedule.TooLong:
		return at + fmt.Sprintf("超过了 %d 步", e.Max)
	case schedule.NoThread:
		return fmt.Sprintf("没有线程 %q（线程有：%s）", e.Thread, strings.Join(e.Threads, "、"))
	case schedule.CannotMove:
		return fmt.Sprintf("%s 不能前进：%s", e.Thread, Blocked(e.Blocked, lang))
	case schedule.WrongLabel:
		at := e.At
		if at == "" {
			at = "从运行队列恢复的那一步"
		}
		return fmt.Sprintf("%s 停在 %s，而不是 %s", e.Thread, at, e.Label)
	case schedule.RunOver:
		return "运行已经结束了"
	case schedule.SourceNotC11:
		return fmt.Sprintf("%s<%s：只有在 c11 内存模型下，读取才能选择它读到的写入", e.Thread, e.Source)
	case schedule.SourceNoRead:
		return fmt.Sprintf("%s 的下一步不是读取", e.Thread)
	case schedule.SourceNotCandidate:
		return fmt.Sprintf("%s 对 %s 的读取不能返回写入 %s（它可以读到：%s）", e.Thread, e.Cell, e.Source, schedule.SourceList(e.Sources))
	case schedule.PlaceNotC11:
		return fmt.Sprintf("%s^%s：只有在 c11 内存模型下，写入才能选择它在修改顺序中的位置", e.Thread, e.Source)
	case schedule.PlaceNoStore:
		return fmt.Sprintf("%s 的下一步没有可以选择位置的写入", e.Thread)
	case schedule.PlaceNotCandidate:
		return fmt.Sprintf("%s 对 %s 的写入不能排在写入 %s 之前（它可以排在这些之前：%s）", e.Thread, e.Cell, e.Source,
			strings.ReplaceAll(schedule.PlaceList(e.Sources), "the end", "末尾"))
	}
	return e.Reason()
}

// Error is err in language lang when it is, or ends in, a schedule's
// error: the schedule's error is said in lang, what wraps it as it is. Any
// other error is err.Error().
func Error(err error, lang string) string {
	var se *schedule.Error
	if !errors.As(err, &se) || lang != Chinese {
		return err.Error()
	}
	msg, en := err.Error(), se.Error()
	if !strings.HasSuffix(msg, en) {
		return msg
	}
	return strings.TrimSuffix(msg, en) + ScheduleError(se, lang)
}
