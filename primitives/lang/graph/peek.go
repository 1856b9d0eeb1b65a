package graph

import "lockstep/primitives"

// PeekMem is the memory a fact runs on: Load looks at a cell without a
// step. A fact is lowered to read fields only, so nothing else is called.
type PeekMem primitives.Peek

func (p PeekMem) Load(addr uint64, _ primitives.Order) uint64 { return p(addr) }

func (PeekMem) Store(uint64, uint64, primitives.Order)           { panic(factAccess) }
func (PeekMem) Exchange(uint64, uint64, primitives.Order) uint64 { panic(factAccess) }
func (PeekMem) FetchAdd(uint64, uint64, primitives.Order) uint64 { panic(factAccess) }
func (PeekMem) Read(uint64) uint64                               { panic(factAccess) }
func (PeekMem) Write(uint64, uint64)                             { panic(factAccess) }
func (PeekMem) Submit(uint64)                                    { panic(factAccess) }
func (PeekMem) SemAcquire(uint64) bool                           { panic(factAccess) }
func (PeekMem) SemRelease(uint64)                                { panic(factAccess) }
func (PeekMem) PC() int                                          { panic(factAccess) }
func (PeekMem) Goto(int)                                         { panic(factAccess) }
func (PeekMem) Suspend(int)                                      { panic(factAccess) }
func (PeekMem) Return()                                          { panic(factAccess) }
func (PeekMem) Panic(string)                                     { panic(factAccess) }
func (PeekMem) Registered()                                      { panic(factAccess) }
func (PeekMem) Local(int) uint64                                 { panic(factAccess) }
func (PeekMem) SetLocal(int, uint64)                             { panic(factAccess) }
func (PeekMem) Arg() uint64                                      { panic(factAccess) }
func (PeekMem) Awaiter() uint64                                  { panic(factAccess) }
func (PeekMem) Handle() uint64                                   { panic(factAccess) }
func (PeekMem) Context() uint64                                  { panic(factAccess) }
func (PeekMem) CompareAndSwap(uint64, uint64, uint64, primitives.Order, primitives.Order) (uint64, bool) {
	panic(factAccess)
}

const factAccess = "lang: a fact touched memory"

func (PeekMem) Spawn(int, int)       { panic(factAccess) }
func (PeekMem) Destroy(uint64)       { panic(factAccess) }
func (PeekMem) Assert(string)        { panic(factAccess) }
func (PeekMem) Result(bool)          { panic(factAccess) }
func (PeekMem) BeginAwait(...uint64) { panic(factAccess) }
func (PeekMem) EndAwait()            { panic(factAccess) }
func (PeekMem) Suspending()          { panic(factAccess) }
func (PeekMem) Spin(uint64, uint64)  { panic(factAccess) }
func (PeekMem) Fence(uint8)          { panic(factAccess) }
