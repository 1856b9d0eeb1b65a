package litmus

import (
	"fmt"
	"strings"

	"lockstep/sim/rc11"
)

// Text is a sentence in English and Chinese.
type Text struct{ EN, ZH string }

// Test is one litmus test of the corpus.
type Test struct {
	Name         string
	Title, About Text
	Note         Text // optional
	Threads      []Thread
	// Outcome is what the test is about: register or location, and value.
	Outcome []Binding
	Forms   []Form
	File    string
	Line    int
}

// Thread is one thread's instructions.
type Thread struct {
	Name   string
	Instrs []Instr
}

// Instr is one instruction. Order and FailOrder are an order's name or a
// parameter the forms bind.
type Instr struct {
	Op               rc11.Op
	Loc, Reg         string // Reg "" for none
	Value, Expected  int64
	Order, FailOrder string
}

// Binding is name=value.
type Binding struct {
	Name  string
	Value int64
}

// Form is the test with its orders bound, and its verdicts.
type Form struct {
	Name   string
	Orders map[string]string
	// Allowed is the outcome's verdict under C++20, Herd herd7's under
	// rc11.cat.
	Allowed, Herd bool
}

// Locs are the test's locations in the order they first appear.
func (t *Test) Locs() []string {
	var out []string
	for _, th := range t.Threads {
		for _, in := range th.Instrs {
			if in.Op != rc11.Fence && !contains(out, in.Loc) {
				out = append(out, in.Loc)
			}
		}
	}
	return out
}

// Regs are the test's registers, sorted by number.
func (t *Test) Regs() []string {
	var out []string
	for n := 1; n <= MaxRegs; n++ {
		r := fmt.Sprintf("r%d", n)
		for _, th := range t.Threads {
			for _, in := range th.Instrs {
				if in.Reg == r && !contains(out, r) {
					out = append(out, r)
				}
			}
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Order returns the order an instruction's order name means in form f.
func (f *Form) Order(name string) rc11.Order {
	if o, ok := rc11.ParseOrder(name); ok {
		return o
	}
	o, _ := rc11.ParseOrder(f.Orders[name])
	return o
}

// Program is the test in form f as the oracle's program; its registers
// and locations are named as the test names them, registers first in
// Regs' order.
func (t *Test) Program(f *Form) *rc11.Program {
	locs, regs := t.Locs(), t.Regs()
	p := &rc11.Program{Locs: len(locs), Regs: len(regs), LocNames: locs, RegNames: regs}
	for _, th := range t.Threads {
		var out []rc11.Instr
		for _, in := range th.Instrs {
			ri := -1
			for i, r := range regs {
				if r == in.Reg {
					ri = i
				}
			}
			li := 0
			for i, l := range locs {
				if l == in.Loc {
					li = i
				}
			}
			out = append(out, rc11.Instr{Op: in.Op, Loc: li, Value: in.Value, Expected: in.Expected,
				Order: f.Order(in.Order), FailOrder: f.Order(in.FailOrder), Reg: ri})
		}
		p.Threads = append(p.Threads, out)
	}
	return p
}

// OutcomeString is the outcome the test is about: "r1=1 r2=0".
func (t *Test) OutcomeString() string {
	var parts []string
	for _, b := range t.Outcome {
		parts = append(parts, fmt.Sprintf("%s=%d", b.Name, b.Value))
	}
	return strings.Join(parts, " ")
}

// Matches says whether a full outcome ("r1=1 r2=0 x=1 y=1") is the one
// the test is about.
func (t *Test) Matches(full string) bool {
	have := strings.Fields(full)
	for _, b := range t.Outcome {
		if !contains(have, fmt.Sprintf("%s=%d", b.Name, b.Value)) {
			return false
		}
	}
	return true
}

// Verdict is the sentence that names the outcome and the forms' verdicts
// under C++20: "r1=1 r2=0, the flag without the data: relaxed allows it;
// acq-rel and seq-cst forbid it."
func (t *Test) Verdict() Text {
	var allow, forbid []string
	for _, f := range t.Forms {
		if f.Allowed {
			allow = append(allow, f.Name)
		} else {
			forbid = append(forbid, f.Name)
		}
	}
	var en, zh []string
	for _, c := range []struct {
		forms           []string
		one, many, word string
	}{{allow, "allows", "allow", "允许"}, {forbid, "forbids", "forbid", "禁止"}} {
		if len(c.forms) == 0 {
			continue
		}
		verb := c.one
		if len(c.forms) > 1 {
			verb = c.many
		}
		en = append(en, listed(c.forms, ", ", " and ")+" "+verb+" it")
		zh = append(zh, listed(c.forms, "、", "、")+" "+c.word)
	}
	o := t.OutcomeString()
	return Text{
		EN: fmt.Sprintf("%s, %s: %s.", o, t.About.EN, strings.Join(en, "; ")),
		ZH: fmt.Sprintf("%s，%s：%s。", o, t.About.ZH, strings.Join(zh, "；")),
	}
}

// listed joins names with sep, and the last two with last: "a, b and c".
func listed(names []string, sep, last string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], sep) + last + names[len(names)-1]
}
