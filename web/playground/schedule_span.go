package playground

import (
	"errors"
	"unicode/utf16"

	"lockstep/sim/schedule"
	"lockstep/sim/words"
	"lockstep/web/playground/protocol"
)

// scheduleSpan is the span of c's schedule text that err, a schedule's
// error, is about; nil when err is not one, when c carried no schedule
// text (a named schedule is the lesson's, not the reader's), or when the
// step is past the text's own steps (the run went on after it).
func scheduleSpan(c protocol.Command, err error) *protocol.Span {
	var se *schedule.Error
	if !errors.As(err, &se) || c.Schedule == "" || (c.Type != protocol.CmdRun && c.Type != protocol.CmdLoad) {
		return nil
	}
	start, end := se.Offset, se.Offset+se.Len
	if se.Step > 0 {
		tk, ok := schedule.TokenOfStep(c.Schedule, se.Step)
		if !ok {
			return nil
		}
		start, end = tk.Start, tk.End
	}
	if start < 0 || end > len(c.Schedule) || start > end {
		return nil
	}
	units := func(b int) int { return len(utf16.Encode([]rune(c.Schedule[:b]))) }
	return &protocol.Span{Step: se.Step, Start: units(start), End: units(end)}
}

// messageZH is err in Chinese when it is a schedule's error (words.Error
// says the engine's schedule.Error in Chinese), else "": the error
// event's message_zh.
func messageZH(err error) string {
	if zh := words.Error(err, words.Chinese); zh != err.Error() {
		return zh
	}
	return ""
}
