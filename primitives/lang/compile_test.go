package lang

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"lockstep/primitives/lang/syntax"
)

// prim wraps a body in a primitive with two atomic words and a plain one.
func prim(body string) string {
	return "primitive p(int32 count = 0) {\n" +
		"    atomic<int32> a = count;\n" +
		"    atomic<void*> s = nullptr;\n" +
		"    int64 v;\n" +
		body + "\n}\n"
}

func TestCompileErrors(t *testing.T) {
	tests := []errorCase{
		{"empty", "", "1:1", "starts with `primitive"},
		{"not closed", "primitive p {\n atomic<int32> a;\n void f() { a.store(1); }\n", "4:1", "missing"},
		{"two accesses", prim("void f() { a.store(a.load()); }"), "5:12", "touches shared memory 2 times"},
		{"access in &&", prim("void f() { X: if (v == 1 && a.load() == 0) return; }"), "5:29", "right of &&"},
		{"label without access", prim("void f() { int32 x = 1; X: x = 2; A: a.store(x); }"), "5:25", "touches no shared memory"},
		{"label twice", prim("void f() { X: a.store(1); X: a.store(2); }"), "5:27", "already used"},
		{"undeclared", prim("void f() { a.store(y); }"), "5:20", "y is not declared"},
		{"atomic read", prim("void f() { v = a; }"), "5:16", "read it with a.load"},
		{"too many locals", prim("void f() { auto b = a.load(); auto c = b; auto d = c; auto e = d; auto g = e; }"), "5:67", "more than 4 locals"},
		{"return before access", prim("void f() { return; }"), "5:12", "returns before touching shared memory"},
		{"branch before access", prim("void f(int32 x) { if (x > 0) { A: a.store(1); } else { B: s.store(nullptr); } }"), "5:19", "depends on a branch"},
		{"suspend then return", prim("void f() { A: a.store(1); suspend; }"), "5:36", "returns before touching shared memory"},
		{"awaiter undeclared", prim("void f() { awaiter->m_next = nullptr; }"), "5:12", "mark it [[awaiter]]"},
		{"recursion", prim("void f() { a.store(1); f(); }"), "5:24", "this call of f makes a cycle, f → f"},
		{"a cycle", prim("void f() { a.store(1); g(); }\nvoid g() { f(); }"), "5:24", "this call of g makes a cycle, g → f → g"},
		{"int as pointer", prim("void f() { s.store(1); }"), "5:20", "a pointer holds an address"},
		{"load release", prim("void f() { a.load(release); }"), "5:19", "a load cannot be release"},
		{"bool field", "primitive p { atomic<bool> b; void f() { b.store(true); } }", "1:28", "a field is int32"},
		{"break outside loop", prim("void f() { a.store(1); break; }"), "5:24", "not inside a loop"},
		{"unknown attribute", prim("[[fast]] void f() { a.store(1); }"), "5:15", "unknown attribute"},
		{"statement does nothing", prim("void f() { a.store(1); 1 + 2; }"), "5:24", "does nothing"},
		{"store in plain field", prim("void f() { v.store(1); }"), "5:14", "plain field"},
		{"no fields", "primitive p { void f() { } }", "1:11", "no fields"},
		{"unknown character", "primitive p { atomic<int32> a; void f() { a.store(1) @ } }", "1:54", "unexpected character"},
		{"division by zero", prim("void f() { a.store(1 / 0); }"), "5:22", "division by zero"},
		{"string", prim("void f() { a.store(\"x\"); }"), "5:20", "a string is only"},
		{"no operations", "primitive p { atomic<int32> a; }", "1:11", "no operations"},
		{"two conditions", prim("open: a == 0;\nfree: a == 1;\nvoid f() { a.store(1); }"), "6:1", "one condition at most"},
		{"fact reads a local", prim("open: a.load() == 0;\nvoid f() { a.store(1); }"), "5:9", "performs no operation"},
		{"deep nesting", prim("void f() { a.store(" + strings.Repeat("(", 60) + "1" + strings.Repeat(")", 60) + "); }"), "5:", "nested more than"},
		{"constant cycle", "primitive p { const int32 x = y; const int32 y = x; atomic<int32> a; void f() { a.store(x); } }", "1:31", "defined by itself"},
		{"fence without order", prim("void f() { atomic_thread_fence(); }"), "5:12", "write atomic_thread_fence(order)"},
		{"fence of an int", prim("void f() { atomic_thread_fence(1); }"), "5:32", "a memory order"},
		{"fence as a value", prim("void f() { auto x = atomic_thread_fence(release); }"), "5:21", "a statement of its own"},
		{"fence, two orders", prim("void f() { atomic_thread_fence(release, acquire); }"), "5:12", "write atomic_thread_fence(order)"},
		{"fence named", "primitive p { atomic<int32> atomic_thread_fence; void f() { a.store(1); } }", "1:29", "the language's own"},
		{"too long", "primitive p {" + strings.Repeat(" ", MaxSource) + "}", "1:1", "at most"},
		{"too many labels", prim("void f() {\n" + strings.Repeat("a.store(1);\n", MaxLabels+1) + "}"), fmt.Sprintf("%d:1", 6+MaxLabels), "at most 256: this is statement 257"},
		{"too many fields", prim(strings.Repeat("int32 w;\n", MaxFields)), fmt.Sprintf("%d:7", 5+MaxFields-3), "at most"},
		{"too many operations", prim(strings.Repeat("void f() { a.store(1); }\n", MaxOps+1)), fmt.Sprintf("%d:6", 5+MaxOps), "at most"},
	}
	checkErrors(t, tests)
}

// TestErrorsInSourceOrder: however the compiler finds them, the errors
// come in the order of their places.
func TestErrorsInSourceOrder(t *testing.T) {
	_, err := Compile("t.lsp", prim("void f() { a.store(1); g(); }\nvoid g() { a.store(y); f(); }"))
	var list syntax.ErrorList
	if !errors.As(err, &list) || len(list) < 2 {
		t.Fatalf("Compile = %v; want errors", err)
	}
	for i := 1; i < len(list); i++ {
		if a, b := list[i-1].Pos, list[i].Pos; a.Line > b.Line || a.Line == b.Line && a.Col > b.Col {
			t.Errorf("error %d at %s comes after one at %s:\n%v", i, b, a, err)
		}
	}
}

func TestLabels(t *testing.T) {
	d, err := Compile("t.lsp", prim(`void f() {
    X: a.store(1);      // store one
       s.store(nullptr);
       if (a.load() == 1)
           v = 2;
}
void g() { a.fetch_add(1); }`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range d.Labels() {
		got = append(got, l.Name+" "+l.Doc+" "+l.Function)
	}
	want := []string{
		"X store one p.f",
		"f.1 s.store(nullptr); p.f",
		"f.2 if (a.load() == 1) p.f",
		"f.3 v = 2; p.f",
		"g.1 a.fetch_add(1); p.g",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("labels:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
