package scenarios

import (
	"slices"
	"strings"
	"testing"
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
	if want := []string{"event", "latch", "litmus", "mutex", "wait_group"}; !slices.Equal(names, want) {
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
