package litmus

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"lockstep/sim/rc11"
)

// Bounds on a test.
const (
	MaxThreads = 4
	MaxInstrs  = 4 // per thread
	MaxRegs    = 16
	MaxLocs    = 4
	MaxForms   = 8
)

// token is one word of a line: a name, a number, a quoted string or one
// of ( ) , = . and its column (1-based, in characters).
type token struct {
	text string
	col  int
	str  bool // a quoted string, text without the quotes
}

// Error is a mistake in a corpus file, at its line and column.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

func tokenize(line string) ([]token, int, string) {
	var out []token
	col := 1
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRuneInString(line[i:])
		switch {
		case r == '#':
			return out, 0, ""
		case r == ' ' || r == '\t':
			i += size
			col++
		case r == '"':
			end := strings.IndexByte(line[i+1:], '"')
			if end < 0 {
				return nil, col, "a string without its closing quote"
			}
			s := line[i+1 : i+1+end]
			out = append(out, token{text: s, col: col, str: true})
			col += utf8.RuneCountInString(s) + 2
			i += end + 2
		case strings.ContainsRune("(),=.", r):
			out = append(out, token{text: string(r), col: col})
			i++
			col++
		case r == '-' || r == '+' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			j := i
			for j < len(line) && strings.IndexByte("-+_.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", line[j]) >= 0 {
				if line[j] == '.' && !(j > i && line[j-1] >= 'A' && line[j-1] <= 'Z' || j > i && isTestName(line[i:j])) {
					break
				}
				j++
			}
			out = append(out, token{text: line[i:j], col: col})
			col += j - i
			i = j
		default:
			return nil, col, fmt.Sprintf("unexpected %q", r)
		}
	}
	return out, 0, ""
}

// isTestName says whether a word so far is a test's name, which may
// hold dots (Z6.U), unlike a location (x.store).
func isTestName(s string) bool {
	return s != "" && (s[0] >= 'A' && s[0] <= 'Z' || s[0] >= '0' && s[0] <= '9')
}

// parser reads one file.
type parser struct {
	file string
	line int
	toks []token
	pos  int
	errs []error
}

func (p *parser) errorAt(col int, format string, a ...any) {
	p.errs = append(p.errs, &Error{p.file, p.line, col, fmt.Sprintf(format, a...)})
}

// Parse reads the tests of one corpus file. The error lists every
// mistake (errors.Join of *Error).
func Parse(file, text string) ([]*Test, error) {
	p := &parser{file: file}
	var tests []*Test
	var t *Test
	var th *Thread
	for i, line := range strings.Split(text, "\n") {
		p.line = i + 1
		toks, col, msg := tokenize(line)
		if msg != "" {
			p.errorAt(col, "%s", msg)
			continue
		}
		if len(toks) == 0 {
			continue
		}
		p.toks, p.pos = toks, 0
		head := toks[0]
		if t == nil && head.text != "test" {
			p.errorAt(head.col, "expected test NAME, not %q", head.text)
			continue
		}
		switch head.text {
		case "test":
			if t != nil {
				p.errorAt(head.col, "test %s has no end", t.Name)
			}
			t, th = &Test{File: file, Line: p.line}, nil
			p.pos++
			name := p.word("the test's name")
			if name != nil && !validTestName(name.text) {
				p.errorAt(name.col, "test name %q: use letters, digits, '+', '.', '-' and '_', starting with a capital or a digit", name.text)
			}
			if name != nil {
				t.Name = name.text
			}
			p.endOfLine()
		case "title", "about", "note":
			p.pos++
			lang := p.word("en or zh")
			s := p.str()
			p.endOfLine()
			if lang == nil || s == nil {
				continue
			}
			field := map[string]*Text{"title": &t.Title, "about": &t.About, "note": &t.Note}[head.text]
			switch lang.text {
			case "en":
				field.EN = s.text
			case "zh":
				field.ZH = s.text
			default:
				p.errorAt(lang.col, "language %q: en or zh", lang.text)
			}
		case "thread":
			p.pos++
			name := p.word("the thread's name")
			p.endOfLine()
			if len(t.Threads) == MaxThreads {
				p.errorAt(head.col, "more than %d threads", MaxThreads)
				continue
			}
			if name != nil {
				if !validThreadName(name.text) {
					p.errorAt(name.col, "thread name %q: use a capital letter and digits", name.text)
				}
				for _, o := range t.Threads {
					if o.Name == name.text {
						p.errorAt(name.col, "thread %s twice", name.text)
					}
				}
				t.Threads = append(t.Threads, Thread{Name: name.text})
				th = &t.Threads[len(t.Threads)-1]
			}
		case "outcome":
			p.pos++
			for p.pos < len(p.toks) {
				b, ok := p.binding()
				if !ok {
					break
				}
				t.Outcome = append(t.Outcome, Binding{b.name, b.value})
			}
			if len(t.Outcome) == 0 {
				p.errorAt(head.col, "outcome: name at least one register or location with its value")
			}
		case "form":
			p.form(t)
		case "end":
			p.pos++
			p.endOfLine()
			p.check(t, head.col)
			tests = append(tests, t)
			t, th = nil, nil
		default:
			if th == nil {
				p.errorAt(head.col, "expected test, title, about, note, thread, outcome, form or end, not %q", head.text)
				continue
			}
			if len(th.Instrs) == MaxInstrs {
				p.errorAt(head.col, "thread %s: more than %d instructions", th.Name, MaxInstrs)
				continue
			}
			if in, ok := p.instr(); ok {
				th.Instrs = append(th.Instrs, in)
			}
		}
	}
	if t != nil {
		p.line++
		p.errorAt(1, "test %s has no end", t.Name)
	}
	if len(p.errs) > 0 {
		return nil, joinErrors(p.errs)
	}
	return tests, nil
}

func validTestName(s string) bool {
	if !isTestName(s) {
		return false
	}
	return strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-_") == ""
}

func validThreadName(s string) bool {
	return s != "" && s[0] >= 'A' && s[0] <= 'Z' && strings.Trim(s[1:], "0123456789") == ""
}

func (p *parser) next() *token {
	if p.pos >= len(p.toks) {
		return nil
	}
	t := &p.toks[p.pos]
	p.pos++
	return t
}

func (p *parser) col() int {
	if p.pos < len(p.toks) {
		return p.toks[p.pos].col
	}
	if len(p.toks) == 0 {
		return 1
	}
	last := p.toks[len(p.toks)-1]
	return last.col + utf8.RuneCountInString(last.text)
}

// word reads a name.
func (p *parser) word(what string) *token {
	col := p.col()
	t := p.next()
	if t == nil || t.str || strings.ContainsAny(t.text, "(),=") {
		p.errorAt(col, "expected %s", what)
		return nil
	}
	return t
}

func (p *parser) str() *token {
	col := p.col()
	t := p.next()
	if t == nil || !t.str {
		p.errorAt(col, "expected a quoted string")
		return nil
	}
	return t
}

func (p *parser) punct(s string) bool {
	col := p.col()
	t := p.next()
	if t == nil || t.str || t.text != s {
		p.errorAt(col, "expected %q", s)
		return false
	}
	return true
}

func (p *parser) number() (int64, bool) {
	col := p.col()
	t := p.next()
	if t == nil {
		p.errorAt(col, "expected a number")
		return 0, false
	}
	v, err := strconv.ParseInt(t.text, 10, 32)
	if err != nil {
		p.errorAt(t.col, "expected a number, not %q", t.text)
		return 0, false
	}
	return v, true
}

func (p *parser) endOfLine() {
	if p.pos < len(p.toks) {
		p.errorAt(p.toks[p.pos].col, "unexpected %q at the end of the line", p.toks[p.pos].text)
	}
}

type binding struct {
	name  string
	col   int
	value int64
}

// binding reads name=value.
func (p *parser) binding() (binding, bool) {
	name := p.word("name=value")
	if name == nil || !p.punct("=") {
		return binding{}, false
	}
	v, ok := p.number()
	return binding{name.text, name.col, v}, ok
}

// order reads a memory order or an order parameter.
func (p *parser) order() (string, bool) {
	t := p.word("a memory order")
	if t == nil {
		return "", false
	}
	if _, ok := rc11.ParseOrder(t.text); ok || isParam(t.text) {
		return t.text, true
	}
	p.errorAt(t.col, "order %q: relaxed, acquire, release, acq_rel, seq_cst or an upper-case name the forms bind", t.text)
	return "", false
}

func isParam(s string) bool {
	return s != "" && strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == "" && s[0] >= 'A' && s[0] <= 'Z'
}

func isReg(s string) bool {
	n, err := strconv.Atoi(strings.TrimPrefix(s, "r"))
	return strings.HasPrefix(s, "r") && err == nil && n >= 1 && n <= MaxRegs && s == fmt.Sprintf("r%d", n)
}

func isLoc(s string) bool {
	return s != "" && !isReg(s) && strings.Trim(s, "abcdefghijklmnopqrstuvwxyz") == "" && len(s) <= 8
}

// instr reads one instruction line.
func (p *parser) instr() (Instr, bool) {
	var in Instr
	first := p.next()
	if first.text == "atomic_thread_fence" {
		in.Op = rc11.Fence
		if !p.punct("(") {
			return in, false
		}
		o, ok := p.order()
		if !ok || !p.punct(")") {
			return in, false
		}
		in.Order = o
		p.endOfLine()
		return in, true
	}
	loc := first
	if p.pos < len(p.toks) && p.toks[p.pos].text == "=" {
		if !isReg(first.text) {
			p.errorAt(first.col, "register %q: r1 to r%d", first.text, MaxRegs)
			return in, false
		}
		in.Reg = first.text
		p.pos++
		loc = p.word("a location")
		if loc == nil {
			return in, false
		}
	}
	if !isLoc(loc.text) {
		p.errorAt(loc.col, "location %q: lower-case letters, not a register", loc.text)
		return in, false
	}
	in.Loc = loc.text
	if !p.punct(".") {
		return in, false
	}
	opTok := p.word("load, store, exchange, fetch_add or compare_exchange_strong")
	if opTok == nil || !p.punct("(") {
		return in, false
	}
	ops := map[string]rc11.Op{"load": rc11.Load, "store": rc11.Store, "exchange": rc11.Exchange,
		"fetch_add": rc11.FetchAdd, "compare_exchange_strong": rc11.CompareExchange}
	op, ok := ops[opTok.text]
	if !ok {
		p.errorAt(opTok.col, "%q: load, store, exchange, fetch_add or compare_exchange_strong", opTok.text)
		return in, false
	}
	in.Op = op
	value := func() bool {
		v, ok := p.number()
		in.Value = v
		return ok && p.punct(",")
	}
	switch op {
	case rc11.Load:
		if in.Reg == "" {
			p.errorAt(loc.col, "a load fills a register: rN = %s.load(...)", loc.text)
			return in, false
		}
	case rc11.Store:
		if in.Reg != "" {
			p.errorAt(first.col, "a store fills no register")
			return in, false
		}
		if !value() {
			return in, false
		}
	case rc11.Exchange, rc11.FetchAdd:
		if !value() {
			return in, false
		}
	case rc11.CompareExchange:
		e, ok := p.number()
		if !ok || !p.punct(",") {
			return in, false
		}
		in.Expected = e
		if !value() {
			return in, false
		}
	}
	o, ok := p.order()
	if !ok {
		return in, false
	}
	in.Order = o
	if op == rc11.CompareExchange {
		if !p.punct(",") {
			return in, false
		}
		if in.FailOrder, ok = p.order(); !ok {
			return in, false
		}
	}
	if !p.punct(")") {
		return in, false
	}
	p.endOfLine()
	return in, true
}

// form reads a form line.
func (p *parser) form(t *Test) {
	head := p.next()
	name := p.word("the form's name")
	if name == nil {
		return
	}
	if strings.Trim(name.text, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
		p.errorAt(name.col, "form name %q: lower-case letters, digits and '-'", name.text)
	}
	f := Form{Name: name.text, Orders: map[string]string{}}
	verdicts := 0
	herd := false
	for p.pos < len(p.toks) {
		tok := p.toks[p.pos]
		switch {
		case tok.text == "allowed" || tok.text == "forbidden":
			p.pos++
			f.Allowed = tok.text == "allowed"
			verdicts++
		case tok.text == "herd":
			p.pos++
			if !p.punct("=") {
				return
			}
			v := p.word("allowed or forbidden")
			if v == nil {
				return
			}
			if v.text != "allowed" && v.text != "forbidden" {
				p.errorAt(v.col, "herd=%s: allowed or forbidden", v.text)
			}
			f.Herd, herd = v.text == "allowed", true
		case isParam(tok.text):
			p.pos++
			if !p.punct("=") {
				return
			}
			o := p.word("a memory order")
			if o == nil {
				return
			}
			if _, ok := rc11.ParseOrder(o.text); !ok {
				p.errorAt(o.col, "order %q: relaxed, acquire, release, acq_rel or seq_cst", o.text)
			}
			if _, dup := f.Orders[tok.text]; dup {
				p.errorAt(tok.col, "%s bound twice", tok.text)
			}
			f.Orders[tok.text] = o.text
		default:
			p.errorAt(tok.col, "expected NAME=order, allowed, forbidden or herd=..., not %q", tok.text)
			return
		}
	}
	if verdicts != 1 {
		p.errorAt(head.col, "form %s: give one verdict, allowed or forbidden", f.Name)
	}
	if !herd {
		p.errorAt(head.col, "form %s: give herd7's verdict, herd=allowed or herd=forbidden", f.Name)
	}
	for _, o := range t.Forms {
		if o.Name == f.Name {
			p.errorAt(name.col, "form %s twice", f.Name)
		}
	}
	t.Forms = append(t.Forms, f)
}

// check reports what is wrong with a whole test, at its end line.
func (p *parser) check(t *Test, col int) {
	if t.Title.EN == "" || t.Title.ZH == "" {
		p.errorAt(col, "test %s: title en and zh are both required", t.Name)
	}
	if t.About.EN == "" || t.About.ZH == "" {
		p.errorAt(col, "test %s: about en and zh are both required", t.Name)
	}
	if (t.Note.EN == "") != (t.Note.ZH == "") {
		p.errorAt(col, "test %s: a note needs both en and zh", t.Name)
	}
	if len(t.Threads) == 0 {
		p.errorAt(col, "test %s: no threads", t.Name)
	}
	if len(t.Forms) == 0 || len(t.Forms) > MaxForms {
		p.errorAt(col, "test %s: 1 to %d forms", t.Name, MaxForms)
	}
	if len(t.Locs()) > MaxLocs {
		p.errorAt(col, "test %s: more than %d locations", t.Name, MaxLocs)
	}
	regs := map[string]bool{}
	params := map[string]bool{}
	for _, th := range t.Threads {
		if len(th.Instrs) == 0 {
			p.errorAt(col, "test %s: thread %s has no instructions", t.Name, th.Name)
		}
		for _, in := range th.Instrs {
			if in.Reg != "" {
				if regs[in.Reg] {
					p.errorAt(col, "test %s: register %s is filled twice", t.Name, in.Reg)
				}
				regs[in.Reg] = true
			}
			for _, o := range []string{in.Order, in.FailOrder} {
				if isParam(o) {
					params[o] = true
				}
			}
		}
	}
	for _, b := range t.Outcome {
		if !regs[b.Name] && !contains(t.Locs(), b.Name) {
			p.errorAt(col, "test %s: outcome names %s, which is no register or location of the test", t.Name, b.Name)
		}
	}
	for _, f := range t.Forms {
		for name := range params {
			if _, ok := f.Orders[name]; !ok {
				p.errorAt(col, "test %s: form %s does not bind %s", t.Name, f.Name, name)
			}
		}
		for name := range f.Orders {
			if !params[name] {
				p.errorAt(col, "test %s: form %s binds %s, which no instruction uses", t.Name, f.Name, name)
			}
		}
		for _, th := range t.Threads {
			for _, in := range th.Instrs {
				if msg := badOrder(in, &f); msg != "" {
					p.errorAt(col, "test %s, form %s, thread %s: %s", t.Name, f.Name, th.Name, msg)
				}
			}
		}
	}
}

// badOrder says what C++ forbids in an instruction's orders.
func badOrder(in Instr, f *Form) string {
	o, fail := f.Order(in.Order), f.Order(in.FailOrder)
	switch {
	case in.Op == rc11.Load && (o == rc11.Release || o == rc11.AcqRel):
		return fmt.Sprintf("a load cannot be %s", o)
	case in.Op == rc11.Store && (o == rc11.Acquire || o == rc11.AcqRel):
		return fmt.Sprintf("a store cannot be %s", o)
	case in.Op == rc11.CompareExchange && (fail == rc11.Release || fail == rc11.AcqRel):
		return fmt.Sprintf("a compare-exchange cannot fail with %s", fail)
	}
	return ""
}

func joinErrors(errs []error) error {
	var b strings.Builder
	for i, e := range errs {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return &ErrorList{errs, b.String()}
}

// ErrorList is every mistake of a file, each an *Error.
type ErrorList struct {
	Errs []error
	text string
}

func (l *ErrorList) Error() string   { return l.text }
func (l *ErrorList) Unwrap() []error { return l.Errs }
