package graph

import (
	"lockstep/primitives"
	"lockstep/primitives/lang/syntax"
)

// An operation compiles to a graph of nodes. A node is one statement's
// action (an expression to run, a branch, a jump, a suspend, a return, a
// panic); an access node makes the step's shared-memory access. A step
// runs nodes from its step point until it has made its access and reaches
// the next access node (where the next step starts), a suspend, or the
// end of the operation.

// Kind says what a node does.
type Kind uint8

const (
	Exec    Kind = iota // run Do, then go to Next
	Branch              // go to Next if Cond holds, else Alt
	Jump                // go to Next
	Suspend             // park; resume at the step point of Next
	Sem                 // sem_acquire: take a permit, or park and resume at Next
	Return              // end the operation
	Panic               // end the run with Go's panic message Msg
	// SpinWait is a spin-wait's re-read: it runs Cond, whose one access
	// reads the cell at Addr; while Cond holds, the step says it spins on
	// the value read (Mem.Spin) and the next step is this one again; else
	// go to Next.
	SpinWait
)

// String names a node kind, for messages.
func (k Kind) String() string {
	return [...]string{"exec", "branch", "jump", "suspend", "sem", "return", "panic", "spin"}[k]
}

// EvalFn computes a value during a step. Facts run it on a PeekMem.
type EvalFn func(m primitives.Mem) uint64

// A node is one action of an operation.
type Node struct {
	Kind   Kind
	Access bool // makes the step's shared-memory access
	Label  int  // the access's label (an index into lang.Def's labels); 0 for none
	PC     int  // an access node's step point
	Resume int  // Suspend, Sem: the step point it resumes at
	Do     func(m primitives.Mem)
	Cond   EvalFn
	Addr   EvalFn // Sem: the semaphore's address; SpinWait: the cell re-read
	Next   int
	Alt    int
	Msg    string
	Pos    syntax.Pos
	Loop   syntax.Pos // the innermost loop around the node's statement, if any
}

// Hole is a node's next (or alt) not yet known: the node after the
// statement being lowered.
type Hole struct {
	Node int
	Alt  bool
}

// Frag is a lowered statement: its first node (-1 when it has none, and
// control falls through) and the holes to fill with what follows it (none
// when control never falls out of it, as after a break or a return).
type Frag struct {
	Entry int
	Holes []Hole
}

var Empty = Frag{Entry: -1}

// Graph holds an operation's nodes while it is lowered.
type Graph struct {
	Nodes []Node
	Loop  syntax.Pos // the loop being lowered, for the nodes added
}

// Add appends n and returns its index.
func (g *Graph) Add(n Node) int {
	n.Next, n.Alt = -1, -1
	n.Loop = g.Loop
	g.Nodes = append(g.Nodes, n)
	return len(g.Nodes) - 1
}

// Fill points every hole at target.
func (g *Graph) Fill(hs []Hole, target int) {
	for _, h := range hs {
		if h.Alt {
			g.Nodes[h.Node].Alt = target
		} else {
			g.Nodes[h.Node].Next = target
		}
	}
}

// Seq is a then b.
func (g *Graph) Seq(a, b Frag) Frag {
	switch {
	case a.Entry < 0:
		return b
	case b.Entry < 0:
		return a
	}
	g.Fill(a.Holes, b.Entry)
	return Frag{Entry: a.Entry, Holes: b.Holes}
}

// Single is a fragment of one node whose next is a hole.
func Single(n int) Frag { return Frag{Entry: n, Holes: []Hole{{Node: n}}} }

// Target follows jumps from n to the node that does something; a cycle of
// jumps (an empty endless loop) stays on one of its jumps.
func (g *Graph) Target(n int) int {
	for range len(g.Nodes) + 1 {
		if n < 0 || g.Nodes[n].Kind != Jump {
			return n
		}
		n = g.Nodes[n].Next
	}
	return n
}

// Shortcut makes every edge skip jumps.
func (g *Graph) Shortcut() {
	for i := range g.Nodes {
		nd := &g.Nodes[i]
		nd.Next = g.Target(nd.Next)
		nd.Alt = g.Target(nd.Alt)
	}
}

// Reachable lists the nodes reachable from n.
func Reachable(g *Graph, n int) []int {
	if n < 0 {
		return nil
	}
	seen := make([]bool, len(g.Nodes))
	out := []int{n}
	seen[n] = true
	for i := 0; i < len(out); i++ {
		nd := &g.Nodes[out[i]]
		for _, next := range [2]int{nd.Next, nd.Alt} {
			if next >= 0 && !seen[next] {
				seen[next] = true
				out = append(out, next)
			}
		}
	}
	return out
}
