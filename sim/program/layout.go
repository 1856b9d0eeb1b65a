package program

// Awaiter field offsets, as in the primitives package: every awaiter node
// starts with these three cells.
const (
	FieldNext      Word = 0 // m_next: the next awaiter in an intrusive list
	FieldAwaitCoro Word = 1 // m_await_coro: the handle to resume
	FieldCtx       Word = 2 // m_ctx: the context to resume it on
)

// Layout builds a Program's memory one object at a time.
type Layout struct {
	p    *Program
	next Word
}

// NewLayout starts an empty program.
func NewLayout() *Layout {
	p := &Program{}
	p.Cells = make([]Cell, FirstAddress)
	for i := range p.Cells {
		p.Cells[i] = Cell{Object: -1, Slot: -1}
	}
	return &Layout{p: p, next: FirstAddress}
}

// Field declares one cell of an object being added.
type Field struct {
	Name   string
	Kind   CellKind
	Atomic bool
	Names  map[Word]string
	Init   Word
}

// Add appends an object with the given fields and returns its address.
func (l *Layout) Add(name string, kind ObjectKind, coroutine int, owner string, fields ...Field) Word {
	base := l.next
	oi := len(l.p.Objects)
	l.p.Objects = append(l.p.Objects, Object{Name: name, Kind: kind, Base: base, Size: Word(len(fields)), Coroutine: coroutine, Owner: owner})
	for _, f := range fields {
		c := Cell{Name: name + "." + f.Name, Kind: f.Kind, Atomic: f.Atomic, Names: f.Names, Init: Normalize(f.Kind, f.Init), Object: oi}
		if f.Atomic {
			c.Slot = l.p.atomics
			l.p.atomics++
		} else {
			c.Slot = l.p.plains
			l.p.plains++
		}
		l.p.Cells = append(l.p.Cells, c)
		l.next++
	}
	return base
}

// Program returns the program; the layout must not be used afterwards.
func (l *Layout) Program() *Program { return l.p }
