package scenarios

import (
	"slices"
	"strings"
	"testing"

	"lockstep/primitives"
	"lockstep/sim/program"
)

func TestPrimitives(t *testing.T) {
	ps := Primitives()
	var names []string
	for _, p := range ps {
		names = append(names, p.Name)
		if len(p.Variants) == 0 || !slices.Contains(p.Ops, "cs") {
			t.Errorf("%s: variants %v, ops %v; want some variants, and cs among the ops", p.Name, p.Variants, p.Ops)
		}
	}
	if want := []string{"channel", "condition_variable", "event", "latch", "litmus", "mutex", "wait_group", "when_all"}; !slices.Equal(names, want) {
		t.Errorf("primitives %v; want %v", names, want)
	}
}

func TestCheckScript(t *testing.T) {
	tests := []struct {
		prim, variant string
		value         bool
		script, want  string // want: part of the error, "" for none
	}{
		{"wait_group", "tinycoro", false, "add 2; wait", ""},
		{"wait_group", "go", false, "add 2; wiat", `column 8: unknown operation "wiat"`},
		{"wait_group", "fixed", false, "add", "column 1: add needs a number"},
		{"mutex", "lifo", false, "repeat 2 { lock; cs; unlock }", ""},
		{"mutex", "tinycoro", false, "repeat 2 { lock; cs; unlock ", "missing } to close repeat"},
		{"event", "tinycoro", true, "set 42", ""},
		{"event", "tinycoro", false, "set 42", "set takes no argument"},
		{"event", "nope", false, "set", `no variant "nope"`},
		{"mutex", "tinycoro", false, "if try_lock { cs; unlock } else { lock; cs; unlock }", ""},
		{"mutex", "lifo", false, "repeat 2 { lock_guard { cs } }", ""},
		{"mutex", "tinycoro", false, "if lock { cs }", "column 4: lock returns nothing to test with if"},
		{"mutex", "tinycoro", false, "if try_lock { }", "the if try_lock body is empty"},
		{"mutex", "tinycoro", false, "if try_lock { cs ", "missing } to close if try_lock"},
		{"mutex", "tinycoro", false, "if try_lock; cs", "if try_lock needs a { body }"},
		{"mutex", "tinycoro", false, "nope { cs }", "nope is not a guard"},
		{"event", "tinycoro", false, "event_guard { wait }", ""},
		{"event", "tinycoro", true, "event_guard { wait }", "event_guard is not a guard"},
		{"latch", "fixed", false, "latch_guard { wait }", ""},
		{"wait_group", "go", false, "if done { wait }", "done returns nothing to test"},
		{"wait_group", "go", false, "add 1; spawn D; wait", `column 14: D is not a spawned coroutine`},
		{"wait_group", "go", false, "add 1; spawn", `spawn needs the name of a spawned coroutine`},
	}
	for _, tt := range tests {
		err := CheckScript(tt.prim, tt.variant, tt.value, tt.script)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("CheckScript(%s/%s, %q) = %v; want nil", tt.prim, tt.variant, tt.script, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("CheckScript(%s/%s, %q) = %v; want an error with %q", tt.prim, tt.variant, tt.script, err, tt.want)
		}
	}
}

func TestEvalCount(t *testing.T) {
	params := map[string]int{"workers": 2}
	if n, err := EvalCount("workers+1", params); n != 3 || err != nil {
		t.Errorf("EvalCount(workers+1) = %d, %v; want 3", n, err)
	}
	if _, err := EvalCount("waiters", params); err == nil || !strings.Contains(err.Error(), `no parameter "waiters"`) {
		t.Errorf("EvalCount(waiters) = %v; want no parameter", err)
	}
}

// TestCompileBlocks checks the instructions of if and guard blocks: the
// call, a jump past the block when it returned false, a jump past the
// else block; a guard's opening call and its destructor's.
func TestCompileBlocks(t *testing.T) {
	prim, _, err := newPrimitive("mutex", "tinycoro", config{})
	if err != nil {
		t.Fatal(err)
	}
	prim.Bind(16)
	ops := append(prim.Ops(), (&primitives.CriticalSection{}).Operation())
	table := &opTable{ops: ops, guards: guardsOf(prim), spawns: map[string]int{"W": len(ops)}}
	op := func(name string) int { return table.op(name) }
	call := func(name string) program.Instr { return program.Instr{Kind: program.Call, Op: op(name)} }
	tests := []struct {
		script string
		want   []program.Instr
	}{
		{"if try_lock { cs; unlock }", []program.Instr{call("try_lock"), {Kind: program.JumpIfNot, Arg: 4}, call("cs"), call("unlock")}},
		{"if try_lock { unlock } else { lock }; cs", []program.Instr{call("try_lock"), {Kind: program.JumpIfNot, Arg: 4}, call("unlock"),
			{Kind: program.Jump, Arg: 5}, call("lock"), call("cs")}},
		{"lock_guard { cs }", []program.Instr{call("lock_guard"), call("cs"), call("unlock")}},
		{"repeat 2 { spawn W }; lock", []program.Instr{{Kind: program.Repeat, Arg: 2}, {Kind: program.Call, Op: len(table.ops)},
			{Kind: program.EndLoop, Arg: 1}, call("lock")}},
	}
	for _, tt := range tests {
		got, err := compileScript(tt.script, table)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("compileScript(%q) = %v, %v; want %v", tt.script, got, err, tt.want)
		}
	}
}
