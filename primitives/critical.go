package primitives

// CriticalSection is the body of a lock: counter++ as a plain read and a
// plain write. Two coroutines inside at once show up as a lost update and
// as a data race on the counter.
//
//	CS1 v = counter      plain
//	CS2 counter = v + 1  plain
type CriticalSection struct {
	Counter Word // address of the shared counter
}

// Operation returns the "cs" operation.
func (cs *CriticalSection) Operation() Operation {
	return Operation{Name: "cs", Entry: CS1, Step: cs.step, Lines: Lines(nil, CS1, CS2)}
}

func (cs *CriticalSection) step(m Mem) {
	switch m.PC() {
	case CS1:
		m.SetLocal(LocalHead, m.Read(cs.Counter))
		m.Goto(CS2)
	case CS2:
		m.Write(cs.Counter, m.Local(LocalHead)+1)
		m.Return()
	}
}
