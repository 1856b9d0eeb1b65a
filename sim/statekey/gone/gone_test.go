package gone_test

import (
	"fmt"
	"testing"

	"lockstep/sim"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/program"
	"lockstep/sim/statekey/gone"
)

// null and node name heads in the table below: node(i) is thread i's
// awaiter, null is nullptr.
const null = -1

func node(i int) int { return i }

// move is one step of a test: thread t writes its awaiter's m_next (to
// next, when link is set) or stores (count, head) to the word.
type move struct {
	t     int
	link  bool
	next  int
	count int32
	head  int
}

func setNext(t, next int) move             { return move{t: t, link: true, next: next} }
func store(t int, count int32, h int) move { return move{t: t, count: count, head: h} }

// TestWords runs each case's moves on a program whose word starts at
// (2, nullptr), checking each step, and then asks what is gone.
func TestWords(t *testing.T) {
	type value struct {
		count int32
		head  int
	}
	cases := []struct {
		name   string
		moves  []move
		failAt int // the move whose Check reports false, or -1
		gone   []value
		kept   []value
		moved  []bool // per move, what Moved says of it
	}{
		{
			name:   "pushes keep every claim",
			moves:  []move{setNext(0, null), store(0, 2, node(0)), setNext(1, node(0)), store(1, 2, node(1))},
			failAt: -1,
			gone:   []value{{2, null}, {2, node(0)}, {3, node(1)}, {5, null}},
			kept:   []value{{2, node(1)}, {1, null}},
			moved:  []bool{false, true, false, true},
		},
		{
			name:   "a count that falls leaves the higher counts",
			moves:  []move{setNext(0, null), store(0, 2, node(0)), store(1, 1, node(0))},
			failAt: -1,
			gone:   []value{{2, node(0)}, {2, null}, {1, null}},
			kept:   []value{{1, node(0)}, {0, null}},
			moved:  []bool{false, true, true},
		},
		{
			name:   "a pop at the same count drops the chain's claim",
			moves:  []move{setNext(0, null), store(0, 2, node(0)), store(0, 2, null)},
			failAt: 2,
			gone:   []value{{3, null}},
			kept:   []value{{2, node(0)}, {2, null}},
			moved:  []bool{false, true, true},
		},
		{
			name:   "a count that rises drops every claim",
			moves:  []move{store(0, 3, null)},
			failAt: 0,
			kept:   []value{{4, null}, {3, null}},
			moved:  []bool{true},
		},
		{
			name:   "a node taken off the chain below drops the claim",
			moves:  []move{setNext(0, null), store(0, 2, node(0)), setNext(1, node(0)), store(1, 2, node(1)), setNext(1, null)},
			failAt: 4,
			kept:   []value{{2, node(0)}},
			moved:  []bool{false, true, false, true, true},
		},
		{
			name:   "a chain that loops claims nothing",
			moves:  []move{setNext(0, null), store(0, 2, node(0)), setNext(0, node(0))},
			failAt: 2,
			kept:   []value{{2, null}, {2, node(0)}},
			moved:  []bool{false, true, true},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, s := build(t, c.moves)
			addr := func(h int) program.Word {
				if h == null {
					return 0
				}
				return p.Coroutines[h].Awaiter
			}
			w := gone.New(p, []program.Word{s})
			m := sim.New(p, sim.Options{})
			for i, mv := range c.moves {
				child := m.Clone()
				child.QuietStep(mv.t)
				if got := w.Moved(m, child, s); got != c.moved[i] {
					t.Errorf("move %d: Moved = %v, want %v", i, got, c.moved[i])
				}
				if ok := w.Check(m, child); ok != (i != c.failAt) {
					t.Errorf("move %d: Check = %v", i, ok)
				}
				m = child
			}
			for _, v := range c.gone {
				if !w.Gone(m, s, pair(v.count, addr(v.head))) {
					t.Errorf("Gone(%d, %d) = false, want true", v.count, v.head)
				}
			}
			for _, v := range c.kept {
				if w.Gone(m, s, pair(v.count, addr(v.head))) {
					t.Errorf("Gone(%d, %d) = true, want false", v.count, v.head)
				}
			}
		})
	}
}

// build builds a program whose threads make the moves, each its own in
// order, with their awaiters alive, and returns it with the word's address.
func build(t *testing.T, moves []move) (*program.Program, program.Word) {
	f := fixture.New()
	s := f.Data(program.Field{Name: "s", Kind: program.PairCountHead, Atomic: true, Init: pair(2, 0)})
	var p *program.Program
	threads := 0
	for _, mv := range moves {
		threads = max(threads, mv.t+1)
	}
	for th := range threads {
		var steps []func(e program.Exec)
		for _, mv := range moves {
			if mv.t != th {
				continue
			}
			steps = append(steps, func(e program.Exec) {
				at := func(h int) program.Word {
					if h == null {
						return 0
					}
					return p.Coroutines[h].Awaiter
				}
				if mv.link {
					e.Write(e.Awaiter()+program.FieldNext, at(mv.next))
				} else {
					e.Store(s, pair(mv.count, at(mv.head)), program.Release)
				}
				fixture.Next(e)
			})
		}
		steps = append(steps, func(e program.Exec) { e.Return() })
		op := f.Op(fmt.Sprintf("op%d", th), fmt.Sprintf("T%d.", th), steps...)
		f.Ops[op].Awaits = true
		f.Thread(fmt.Sprintf("T%d", th), op)
	}
	p = f.Program(t)
	return p, s
}

func pair(count int32, head program.Word) program.Word {
	return program.Word(uint32(count))<<32 | head&0xffffffff
}
