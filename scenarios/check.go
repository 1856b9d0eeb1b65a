package scenarios

import (
	"sort"

	"lockstep/primitives"
)

// What a lesson editor needs to check a lesson piece by piece, before it
// is a whole lesson file.

// PrimitiveInfo describes one primitive a lesson can use.
type PrimitiveInfo struct {
	// Name is the primitive's name in a lesson file ("wait_group").
	Name string `json:"name"`
	// Variants are its variants, the default first.
	Variants []string `json:"variants"`
	// Ops are the operations a script may call ("wait", "add"...),
	// "cs" included; ArgOps are those that take a number ("add 2"). An
	// event that carries a value also takes one in set.
	Ops    []string `json:"ops"`
	ArgOps []string `json:"arg_ops"`
	// Init is the initial setting the primitive takes: "count"
	// (wait_group, latch), "set" (event), "capacity" (channel) or ""
	// (mutex, condition_variable).
	Init string `json:"init"`
}

// Primitives lists the primitives, sorted by name.
func Primitives() []PrimitiveInfo {
	var out []PrimitiveInfo
	for name, k := range kinds() {
		info := PrimitiveInfo{Name: name, Variants: k.variants, Ops: []string{}, ArgOps: []string{}}
		prim, _, _ := newPrimitive(name, k.variants[0], config{}) // the table's own variant: it exists
		prim.Bind(1)
		for _, op := range prim.Ops() {
			info.Ops = append(info.Ops, op.Name)
			if op.HasArg {
				info.ArgOps = append(info.ArgOps, op.Name)
			}
		}
		info.Ops = append(info.Ops, "cs")
		switch name {
		case "wait_group", "latch", "when_all":
			info.Init = "count"
		case "event":
			info.Init = "set"
		case "channel":
			info.Init = "capacity"
		}
		out = append(out, info)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// CheckScript compiles a coroutine's script for variant v of primitive
// p, as Build would; value makes an event an event<int> (its set takes a
// number); spawned names the coroutines (or groups) declared spawned,
// which "spawn NAME" may start. The error names the column of the fault.
func CheckScript(p, v string, value bool, script string, spawned ...string) error {
	prim, _, err := newPrimitive(p, v, config{value: value})
	if err != nil {
		return err
	}
	// Some operations depend on the layout (an event<int>'s set): bind
	// the primitive somewhere, as Build does before it asks for them.
	prim.Bind(1)
	ops := append(prim.Ops(), (&primitives.CriticalSection{}).Operation())
	table := &opTable{ops: ops, guards: guardsOf(prim), spawns: map[string]int{}}
	for i, name := range spawned {
		table.spawns[name] = len(ops) + i
	}
	_, err = compileScript(script, table)
	return err
}

// EvalCount evaluates a count expression ("3", "waiters", "workers+1")
// with the given parameters, as Build does.
func EvalCount(expr string, params map[string]int) (int, error) {
	return eval(expr, params)
}
