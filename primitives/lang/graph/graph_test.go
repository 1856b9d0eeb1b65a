package graph

import (
	"strings"
	"testing"

	"lockstep/primitives"
	"lockstep/primitives/lang/syntax"
)

// stepMem records how a step ends; a test that calls anything else fails
// on the nil Mem it embeds.
type stepMem struct {
	primitives.Mem
	loads            int
	gotoPC, returned int
	panicked         string
}

func (m *stepMem) Load(uint64, primitives.Order) uint64 { m.loads++; return 0 }
func (m *stepMem) Goto(pc int)                          { m.gotoPC = pc }
func (m *stepMem) Return()                              { m.returned++ }
func (m *stepMem) Panic(msg string)                     { m.panicked = msg }

// build is the graph of `L: x.load(); while (true) {}` when spin, else of
// `L: x.load(); M: x.load();`.
func build(spin bool) []Node {
	var g Graph
	load := func(m primitives.Mem) { m.Load(0, primitives.Acquire) }
	first := Single(g.Add(Node{Kind: Exec, Access: true, PC: 10, Do: load}))
	g.Loop = syntax.Pos{Line: 2, Col: 5}
	var rest Frag
	if spin {
		j := g.Add(Node{Kind: Jump})
		g.Nodes[j].Next = j
		rest = Frag{Entry: j}
	} else {
		g.Loop = syntax.Pos{}
		rest = g.Seq(Single(g.Add(Node{Kind: Exec, Access: true, PC: 11, Do: load})), Single(g.Add(Node{Kind: Return})))
	}
	g.Seq(first, rest)
	g.Shortcut()
	return g.Nodes
}

func TestRunStep(t *testing.T) {
	m := &stepMem{}
	RunStep(build(false), 0, 100, m)
	if m.loads != 1 || m.gotoPC != 11 || m.panicked != "" {
		t.Errorf("a step of two accesses: %+v; want one load, then the next step at 11", m)
	}
	m = &stepMem{}
	RunStep(build(true), 0, 100, m)
	if m.loads != 1 || !strings.HasPrefix(m.panicked, "2:5: a loop ran 100 statements without touching shared memory") {
		t.Errorf("a step that spins: %+v; want a panic that names the loop at 2:5", m)
	}
}

func TestReachable(t *testing.T) {
	nodes := build(false)
	g := &Graph{Nodes: nodes}
	if got := Reachable(g, 0); len(got) != 3 {
		t.Errorf("Reachable = %v; want all three nodes", got)
	}
}
