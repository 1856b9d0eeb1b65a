package lecture

import (
	"maps"
)

// Size bounds of a Position. The schedule's is the playground's own bound
// on a schedule's text, so whatever a room accepts a student's page can
// load.
const (
	maxNameLen     = 64
	maxParams      = 16
	maxScheduleLen = 32 << 10
	maxIndex       = 100_000
)

// A Position is what the presenter's page shows, enough for a student's
// page to show the same: the lesson, variant and parameters to load, the
// history as schedule text, and the step of the history on screen.
type Position struct {
	Lesson   string         `json:"lesson"`
	Variant  string         `json:"variant,omitempty"`
	Params   map[string]int `json:"params,omitempty"`
	Lang     string         `json:"lang,omitempty"`
	Schedule string         `json:"schedule"`
	// Index is the step of the history on screen: 0 is the initial state,
	// len(history) its end.
	Index int `json:"position"`
	// Memory is the memory model, "c11" or "" for sc: under c11 the
	// schedule may choose what reads return (S@S3<1).
	Memory string `json:"memory,omitempty"`
	// Mode is how the room works the lesson: "" while the presenter
	// steps and the students follow; another name ("challenge") for a
	// way of working the students' pages take up from it.
	Mode string `json:"mode,omitempty"`
}

// Validate checks that p is within the bounds a room accepts. It does not
// check that the lesson exists: a student's own playground session does.
func (p *Position) Validate() error {
	switch {
	case p.Lesson == "" || len(p.Lesson) > maxNameLen:
		return Detail(ErrBadPosition, "the lesson id must have 1 to %d characters", "课程编号必须有 1 到 %d 个字符", maxNameLen)
	case len(p.Variant) > maxNameLen || len(p.Lang) > maxNameLen || len(p.Mode) > maxNameLen:
		return Detail(ErrBadPosition, "variant, language or mode too long", "变体、语言或模式太长")
	case len(p.Params) > maxParams:
		return Detail(ErrBadPosition, "more than %d parameters", "参数超过 %d 个", maxParams)
	case len(p.Schedule) > maxScheduleLen:
		return Detail(ErrBadPosition, "the schedule is longer than %d bytes", "调度超过 %d 字节", maxScheduleLen)
	case p.Index < 0 || p.Index > maxIndex:
		return Detail(ErrBadPosition, "position %d is out of range", "位置 %d 超出范围", p.Index)
	case p.Memory != "" && p.Memory != "sc" && p.Memory != "c11":
		return Detail(ErrBadPosition, "memory %q (want sc or c11)", "内存模型 %q（应为 sc 或 c11）", p.Memory)
	}
	for k := range p.Params {
		if k == "" || len(k) > maxNameLen {
			return Detail(ErrBadPosition, "parameter name %q", "参数名 %q", k)
		}
	}
	return nil
}

// Equal reports whether p and q show the same thing.
func (p *Position) Equal(q *Position) bool {
	return p.Lesson == q.Lesson && p.Variant == q.Variant && p.Lang == q.Lang && p.Mode == q.Mode &&
		p.Schedule == q.Schedule && p.Index == q.Index && p.Memory == q.Memory && maps.Equal(p.Params, q.Params)
}

// clone returns a copy of p that shares nothing with it.
func (p Position) clone() *Position {
	p.Params = maps.Clone(p.Params)
	return &p
}
