package litmus

import (
	"strings"
	"testing"
)

const good = `test T
title en "t"
title zh "t"
about en "a"
about zh "a"
thread P
  x.store(1, W)
thread Q
  r1 = x.load(relaxed)
outcome r1=1
form relaxed W=relaxed allowed herd=allowed
end
`

// TestParseErrors: each mistake is reported at its line and column.
func TestParseErrors(t *testing.T) {
	rows := []struct{ old, new, want string }{
		{"x.store(1, W)", "x.stor(1, W)", "t.litmus:7:5: \"stor\": load, store"},
		{"x.store(1, W)", "x.store(1 W)", "t.litmus:7:13: expected \",\""},
		{"x.store(1, W)", "x.store(1, acquire)", "a store cannot be acquire"},
		{"x.store(1, W)", "x.store(1, wibble)", "t.litmus:7:14: order \"wibble\""},
		{"r1 = x.load(relaxed)", "r9x = x.load(relaxed)", "t.litmus:9:3: register \"r9x\""},
		{"r1 = x.load(relaxed)", "x.load(relaxed)", "a load fills a register"},
		{"r1 = x.load(relaxed)", "r1 = r2.load(relaxed)", "t.litmus:9:8: location \"r2\""},
		{"title zh \"t\"", "title fr \"t\"", "t.litmus:3:7: language \"fr\""},
		{"title zh \"t\"", "title zh \"t", "t.litmus:3:10: a string without its closing quote"},
		{"title zh \"t\"\n", "", "title en and zh are both required"},
		{"form relaxed W=relaxed allowed herd=allowed", "form relaxed allowed herd=allowed", "form relaxed does not bind W"},
		{"form relaxed W=relaxed allowed herd=allowed", "form relaxed W=relaxed herd=allowed", "t.litmus:11:1: form relaxed: give one verdict"},
		{"form relaxed W=relaxed allowed herd=allowed", "form relaxed W=relaxed allowed", "give herd7's verdict"},
		{"form relaxed W=relaxed allowed herd=allowed", "form relaxed W=relaxed allowed herd=maybe", "t.litmus:11:37: herd=maybe"},
		{"outcome r1=1", "outcome r3=1", "outcome names r3"},
		{"outcome r1=1", "outcome r1=one", "t.litmus:10:12: expected a number"},
		{"end\n", "", "t.litmus:13:1: test T has no end"},
		{"thread Q", "thread q", "t.litmus:8:8: thread name \"q\""},
		{"test T", "test t", "t.litmus:1:6: test name \"t\""},
		{"test T", "wibble", "t.litmus:1:1: expected test NAME"},
	}
	for _, r := range rows {
		if !strings.Contains(good, r.old) {
			t.Fatalf("%q is not in the test", r.old)
		}
		text := strings.Replace(good, r.old, r.new, 1)
		_, err := Parse("t.litmus", text)
		if err == nil || !strings.Contains(err.Error(), r.want) {
			t.Errorf("%q for %q: %v, want %q", r.new, r.old, err, r.want)
		}
	}
	if _, err := Parse("t.litmus", good); err != nil {
		t.Errorf("the good test: %v", err)
	}
}

func TestParseReadsTheTest(t *testing.T) {
	tests, err := Parse("t.litmus", good+strings.Replace(good, "test T", "test Z6.U", 1))
	if err != nil {
		t.Fatal(err)
	}
	if len(tests) != 2 || tests[1].Name != "Z6.U" {
		t.Fatalf("%d tests, the second %q", len(tests), tests[1].Name)
	}
	got := tests[0]
	if len(got.Threads) != 2 || got.Threads[1].Instrs[0].Reg != "r1" || got.OutcomeString() != "r1=1" ||
		got.Forms[0].Orders["W"] != "relaxed" || !got.Forms[0].Allowed || !got.Forms[0].Herd {
		t.Errorf("read %+v", got)
	}
	if p := got.Program(&got.Forms[0]).String(); p != "T0: x.store(1, relaxed)\nT1: r1 = x.load(relaxed)\n" {
		t.Errorf("program %q", p)
	}
}
