package litmus

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// TestHerdText writes every form as herd7's C litmus test; with
// LOCKSTEP_HERD_OUT set to a directory it writes them there, one file a
// form, for herd7 -model rc11.cat (see the corpus's README).
func TestHerdText(t *testing.T) {
	tests, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	dir := os.Getenv("LOCKSTEP_HERD_OUT")
	for _, test := range tests {
		for i := range test.Forms {
			f := &test.Forms[i]
			text := test.Herd(f)
			if !strings.HasPrefix(text, "C "+HerdName(test, f)+"\n") || !strings.Contains(text, "\nexists (") {
				t.Errorf("%s/%s: not a C litmus test:\n%s", test.Name, f.Name, text)
			}
			if dir != "" {
				name := filepath.Join(dir, HerdName(test, f)+".litmus")
				if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestHerdVerdicts checks every form's herd= verdict against herd7's own
// output (herd7-rc11.txt: "Observation NAME Never|Sometimes|Always ...").
func TestHerdVerdicts(t *testing.T) {
	tests, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("herd7-rc11.txt")
	if err != nil {
		t.Fatal(err)
	}
	herd := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || f[0] != "Observation" {
			t.Fatalf("herd7-rc11.txt: %q is no observation", line)
		}
		herd[f[1]] = f[2] != "Never"
	}
	n := 0
	for _, test := range tests {
		for _, f := range test.Forms {
			got, ok := herd[HerdName(test, &f)]
			if !ok {
				t.Errorf("%s/%s: herd7 was not run on it", test.Name, f.Name)
				continue
			}
			n++
			if got != f.Herd {
				t.Errorf("%s/%s: herd=%v in the corpus, herd7 said allowed=%v", test.Name, f.Name, f.Herd, got)
			}
		}
	}
	if n != len(herd) {
		t.Errorf("herd7-rc11.txt has %d observations, the corpus %d forms", len(herd), n)
	}
}
