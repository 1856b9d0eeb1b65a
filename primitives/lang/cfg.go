package lang

import "lockstep/primitives"

// An operation compiles to a graph of nodes. A node is one statement's
// action (an expression to run, a branch, a jump, a suspend, a return, a
// panic); an access node makes the step's shared-memory access. A step
// runs nodes from its step point until it has made its access and reaches
// the next access node (where the next step starts), a suspend, or the
// end of the operation.

// nodeKind says what a node does.
type nodeKind uint8

const (
	nExec    nodeKind = iota // run do, then go to next
	nBranch                  // go to next if cond holds, else alt
	nJump                    // go to next
	nSuspend                 // park; resume at the step point of next
	nSem                     // sem_acquire: take a permit, or park and resume at next
	nReturn                  // end the operation
	nPanic                   // end the run with Go's panic message msg
)

// evalFn computes a value during a step. Facts run it on a peekMem.
type evalFn func(m primitives.Mem) uint64

// A node is one action of an operation.
type node struct {
	kind   nodeKind
	access bool // makes the step's shared-memory access
	label  int  // the access's label (an index into Def.labels); 0 for none
	pc     int  // an access node's step point
	resume int  // nSuspend, nSem: the step point it resumes at
	do     func(m primitives.Mem)
	cond   evalFn
	addr   evalFn // nSem: the semaphore's address
	next   int
	alt    int
	msg    string
	pos    Pos
	loop   Pos // the innermost loop around the node's statement, if any
}

// hole is a node's next (or alt) not yet known: the node after the
// statement being lowered.
type hole struct {
	node int
	alt  bool
}

// frag is a lowered statement: its first node (-1 when it has none, and
// control falls through) and the holes to fill with what follows it (none
// when control never falls out of it, as after a break or a return).
type frag struct {
	entry int
	holes []hole
}

var empty = frag{entry: -1}

// graph holds an operation's nodes while it is lowered.
type graph struct {
	nodes []node
	loop  Pos // the loop being lowered, for the nodes added
}

// add appends n and returns its index.
func (g *graph) add(n node) int {
	n.next, n.alt = -1, -1
	n.loop = g.loop
	g.nodes = append(g.nodes, n)
	return len(g.nodes) - 1
}

// fill points every hole at target.
func (g *graph) fill(hs []hole, target int) {
	for _, h := range hs {
		if h.alt {
			g.nodes[h.node].alt = target
		} else {
			g.nodes[h.node].next = target
		}
	}
}

// seq is a then b.
func (g *graph) seq(a, b frag) frag {
	switch {
	case a.entry < 0:
		return b
	case b.entry < 0:
		return a
	}
	g.fill(a.holes, b.entry)
	return frag{entry: a.entry, holes: b.holes}
}

// single is a fragment of one node whose next is a hole.
func single(n int) frag { return frag{entry: n, holes: []hole{{node: n}}} }

// target follows jumps from n to the node that does something; a cycle of
// jumps (an empty endless loop) stays on one of its jumps.
func (g *graph) target(n int) int {
	for range len(g.nodes) + 1 {
		if n < 0 || g.nodes[n].kind != nJump {
			return n
		}
		n = g.nodes[n].next
	}
	return n
}

// shortcut makes every edge skip jumps.
func (g *graph) shortcut() {
	for i := range g.nodes {
		nd := &g.nodes[i]
		nd.next = g.target(nd.next)
		nd.alt = g.target(nd.alt)
	}
}
