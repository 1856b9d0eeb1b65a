package litmus

import (
	"fmt"
	"testing"

	"lockstep/sim/rc11"
)

// allows says whether the oracle finds the test's outcome among form f's.
func allows(t *testing.T, test *Test, f *Form, rs rc11.ReleaseSequences) (bool, []string) {
	t.Helper()
	p := test.Program(f)
	res, err := rc11.Run(p, rs)
	if err != nil {
		t.Fatalf("%s/%s: %v", test.Name, f.Name, err)
	}
	var all []string
	found := false
	for _, o := range res.Outcomes {
		s := p.Format(o)
		all = append(all, s)
		found = found || test.Matches(s)
	}
	return found, all
}

// TestCorpusVerdicts checks every form's verdicts against the oracle:
// the C++20 verdict with C++20's release sequences, herd7's with RC11's,
// and that where the two verdicts differ the test's note says why.
func TestCorpusVerdicts(t *testing.T) {
	tests, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(tests) < 60 {
		t.Errorf("%d tests in the corpus, want at least 60", len(tests))
	}
	word := map[bool]string{true: "allowed", false: "forbidden"}
	for _, test := range tests {
		for i := range test.Forms {
			f := &test.Forms[i]
			got, all := allows(t, test, f, rc11.CPP20)
			if got != f.Allowed {
				t.Errorf("%s:%d: %s/%s: %s is %s under C++20, the corpus says %s (outcomes %v)",
					test.File, test.Line, test.Name, f.Name, test.OutcomeString(), word[got], word[f.Allowed], all)
			}
			gotRC, all := allows(t, test, f, rc11.RC11)
			if gotRC != f.Herd {
				t.Errorf("%s:%d: %s/%s: %s is %s under RC11's release sequences, herd7 says %s (outcomes %v)",
					test.File, test.Line, test.Name, f.Name, test.OutcomeString(), word[gotRC], word[f.Herd], all)
			}
			if f.Allowed != f.Herd && test.Note.EN == "" {
				t.Errorf("%s/%s: C++20 and herd7 differ, and the test has no note saying why", test.Name, f.Name)
			}
		}
	}
}

func ExampleTest_Verdict() {
	tests, _ := Load()
	for _, t := range tests {
		if t.Name == "MP" {
			v := t.Verdict()
			fmt.Println(v.EN)
			fmt.Println(v.ZH)
		}
	}
	// Output:
	// r1=1 r2=0, the flag without the data: relaxed, rel-rlx, rlx-acq and sc-data allow it; rel-acq and seq-cst forbid it.
	// r1=1 r2=0，看到标志却没看到数据：relaxed、rel-rlx、rlx-acq、sc-data 允许；rel-acq、seq-cst 禁止。
}
