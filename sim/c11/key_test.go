package c11_test

import (
	"slices"
	"testing"

	"lockstep/sim/c11"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/program"
)

// keyWorld is a c11 memory with the clocks around it, for keying: three
// threads T0, T1 and T2 with a coroutine each, a plain cell x and atomic
// cells y and z.
type keyWorld struct {
	p       *program.Program
	x, y, z program.Word
	mem     *c11.Memory
	clocks  []uint32 // 3×3
	wake    []uint32 // 3×3
	release []uint32 // by slot, ×3
	retired []bool
	queued  []bool
	writes  []c11.Access // by plain slot
	reads   []c11.Access // by plain slot×3 + reader
}

func newKeyWorld(t *testing.T) *keyWorld {
	f := fixture.New()
	base := f.Data(program.Field{Name: "x", Kind: program.Int64},
		program.Field{Name: "y", Kind: program.Int64, Atomic: true},
		program.Field{Name: "z", Kind: program.Int64, Atomic: true})
	for _, name := range []string{"T0", "T1", "T2"} {
		f.Thread(name, f.Op("op"+name, name+".", func(x program.Exec) { x.Return() }))
	}
	p := f.Program(t)
	atomics, plains := p.Slots()
	w := &keyWorld{p: p, x: base, y: base + 1, z: base + 2, mem: c11.New(p), clocks: make([]uint32, 9),
		wake: make([]uint32, 9), release: make([]uint32, 3*atomics), retired: make([]bool, 3), queued: make([]bool, 3),
		writes: make([]c11.Access, plains), reads: make([]c11.Access, 3*plains)}
	for i := range w.writes {
		w.writes[i].Thread = -1
	}
	for i := range w.reads {
		w.reads[i].Thread = -1
	}
	return w
}

// clock is thread t's row.
func (w *keyWorld) clock(t int) []uint32 { return w.clocks[t*3 : (t+1)*3] }

// write appends a write of v to the cell at a by thread t, with the
// release clock rel (nil: none), after ticking t's clock.
func (w *keyWorld) write(t int, a, v program.Word, rel []uint32) {
	w.clocks[t*3+t]++
	w.mem.Wrote(a, c11.Write{Val: v, Thread: int16(t), Clock: w.clocks[t*3+t], Rel: rel}, w.clock(t))
}

func (w *keyWorld) key() []uint64 {
	st := c11.State{Program: w.p, Clocks: w.clocks, Wake: w.wake, Release: w.release, Retired: w.retired, Queued: w.queued,
		LastWrites: w.writes, LastReads: w.reads}
	return w.mem.Key(&st, nil, nil, nil)
}

// TestKeyFloors builds pairs of c11 states that differ in one thing and
// checks that the key tells them apart when a future read could (a
// holder's floor on a cell with more than one readable write, the
// accesses a readable write's release clock covers) and merges them when
// none could.
func TestKeyFloors(t *testing.T) {
	// base: T0 writes x=1 (its clock 1), then T1 writes x=1 (its clock
	// 1), then T0 writes y=1 with release clock rel; T2 reads nothing yet,
	// so both writes to x (and the initial value) stay readable.
	base := func(t *testing.T, rel []uint32) *keyWorld {
		w := newKeyWorld(t)
		w.write(0, w.x, 1, nil)
		w.write(1, w.x, 1, nil)
		w.write(0, w.y, 1, rel)
		return w
	}
	for _, tc := range []struct {
		name string
		a, b func(t *testing.T) *keyWorld
		same bool
	}{
		{"a readable write's release clock covers T1's write of x, or not",
			func(t *testing.T) *keyWorld { return base(t, []uint32{2, 0, 0}) },
			func(t *testing.T) *keyWorld { return base(t, []uint32{2, 1, 0}) }, false},
		{"its release clock is higher where no write lies",
			func(t *testing.T) *keyWorld { return base(t, []uint32{2, 0, 0}) },
			func(t *testing.T) *keyWorld { return base(t, []uint32{9, 0, 0}) }, true},
		{"T2's clock covers T1's write of x, or not", func(t *testing.T) *keyWorld {
			return base(t, nil)
		}, func(t *testing.T) *keyWorld {
			w := base(t, nil)
			w.clock(2)[1] = 1
			return w
		}, false},
		{"T2's clock covers T0's write of x, or T0's and T1's", func(t *testing.T) *keyWorld {
			w := base(t, nil)
			w.clock(2)[0] = 1
			return w
		}, func(t *testing.T) *keyWorld {
			w := base(t, nil)
			w.clock(2)[0], w.clock(2)[1] = 1, 1
			return w
		}, false},
		{"T2's clock is higher where no write lies", func(t *testing.T) *keyWorld {
			w := base(t, nil)
			w.clock(2)[1] = 1
			return w
		}, func(t *testing.T) *keyWorld {
			w := base(t, nil)
			w.clock(2)[1] = 5
			return w
		}, true},
		{"a queued coroutine's wakeup clock covers T1's write of x, or not", func(t *testing.T) *keyWorld {
			w := base(t, nil)
			w.queued[2] = true
			return w
		}, func(t *testing.T) *keyWorld {
			w := base(t, nil)
			w.queued[2] = true
			w.wake[2*3+1] = 1
			return w
		}, false},
		{"a coroutine not queued has a wakeup clock that covers T1's write", func(t *testing.T) *keyWorld {
			return base(t, nil)
		}, func(t *testing.T) *keyWorld {
			w := base(t, nil)
			w.wake[2*3+1] = 1
			return w
		}, true},
		{"z's release clock covers T1's write of x, or not", func(t *testing.T) *keyWorld {
			return base(t, nil)
		}, func(t *testing.T) *keyWorld {
			w := base(t, nil)
			s := w.p.Cells[w.z].Slot
			w.release[s*3+1] = 1
			return w
		}, false},
		{"T0 and T1 are retired and T2 has seen T1's write: nothing older is readable", func(t *testing.T) *keyWorld {
			w := base(t, nil)
			w.retired[0], w.retired[1] = true, true
			w.clock(2)[1] = 1
			return w
		}, func(t *testing.T) *keyWorld {
			w := base(t, nil)
			w.retired[0], w.retired[1] = true, true
			w.clock(2)[0], w.clock(2)[1] = 1, 1
			return w
		}, true},
		{"a readable write's release clock covers T0's last write of x for the race detector, or not", func(t *testing.T) *keyWorld {
			w := base(t, []uint32{2, 0, 0})
			w.writes[w.p.Cells[w.x].Slot] = c11.Access{Thread: 0, Clock: 3}
			return w
		}, func(t *testing.T) *keyWorld {
			w := base(t, []uint32{3, 0, 0})
			w.writes[w.p.Cells[w.x].Slot] = c11.Access{Thread: 0, Clock: 3}
			return w
		}, false},
		{"T2's clock covers T0's last write of x for the race detector, or not, with the same floors", func(t *testing.T) *keyWorld {
			w := base(t, nil)
			w.writes[w.p.Cells[w.x].Slot] = c11.Access{Thread: 0, Clock: 3}
			w.clock(2)[0] = 2
			return w
		}, func(t *testing.T) *keyWorld {
			w := base(t, nil)
			w.writes[w.p.Cells[w.x].Slot] = c11.Access{Thread: 0, Clock: 3}
			w.clock(2)[0] = 3
			return w
		}, false},
		{"the access that may still race is x's last write, or T1's last read of x", func(t *testing.T) *keyWorld {
			w := base(t, nil)
			w.writes[w.p.Cells[w.x].Slot] = c11.Access{Thread: 0, Clock: 3}
			return w
		}, func(t *testing.T) *keyWorld {
			w := base(t, nil)
			w.reads[w.p.Cells[w.x].Slot*3+1] = c11.Access{Thread: 0, Clock: 3}
			return w
		}, false},
		{"an access every thread covers, or none", func(t *testing.T) *keyWorld {
			w := base(t, nil)
			w.writes[w.p.Cells[w.x].Slot] = c11.Access{Thread: 0, Clock: 1}
			for u := range 3 {
				w.clock(u)[0] = max(w.clock(u)[0], 1)
			}
			return w
		}, func(t *testing.T) *keyWorld {
			w := base(t, nil)
			for u := range 3 {
				w.clock(u)[0] = max(w.clock(u)[0], 1)
			}
			return w
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := tc.a(t).key(), tc.b(t).key()
			if same := slices.Equal(a, b); same != tc.same {
				t.Errorf("keys alike: %v, want %v\n%v\n%v", same, tc.same, a, b)
			}
		})
	}
}
