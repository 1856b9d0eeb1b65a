package lang

import (
	"fmt"

	"lockstep/primitives"
	"lockstep/primitives/lang/graph"
)

// Fields implements primitives.Primitive.
func (in *Instance) Fields() []primitives.Field {
	out := make([]primitives.Field, len(in.fields))
	for i, fi := range in.fields {
		out[i] = fi.pf
	}
	return out
}

// Bind implements primitives.Primitive.
func (in *Instance) Bind(base primitives.Word) { in.base = base }

// Ops implements primitives.Primitive.
func (in *Instance) Ops() []primitives.Operation { return in.ops }

// Facts implements primitives.Primitive.
func (in *Instance) Facts() primitives.Facts { return in.facts }

// Label implements primitives.Labeled.
func (in *Instance) Label(pc int) primitives.Label {
	i := pc - pcBase
	if i <= 0 || i >= len(in.points) {
		return primitives.Label{Name: "?"}
	}
	return in.def.labels[in.points[i].label]
}

// Source implements primitives.Labeled.
func (in *Instance) Source() (file, text string) { return in.def.file, in.def.src }

// Def is the definition the instance was made from.
func (in *Instance) Def() *Def { return in.def }

var _ primitives.Labeled = (*Instance)(nil)

// run performs the step at m.PC(), from its step point's node (see
// runStep), within MaxLocalSteps statements.
func (in *Instance) run(nodes []graph.Node, m primitives.Mem) {
	i := m.PC() - pcBase
	if i <= 0 || i >= len(in.points) {
		m.Panic(fmt.Sprintf("lang: no step %d", m.PC()))
		return
	}
	graph.RunStep(nodes, in.points[i].node, MaxLocalSteps, m)
}
