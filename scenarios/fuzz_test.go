package scenarios_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/outcome"
)

// FuzzDecodeScenario checks that decoding any text never panics, that
// every error names the file, and that an error in text that is not JSON
// also names a line.
func FuzzDecodeScenario(f *testing.F) {
	lessons, err := filepath.Glob(filepath.Join("lessons", "*.jsonc"))
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range lessons {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, seed := range []string{
		"", "{", "[]", "null", `{"id": 1}`, `{"id": "a", "id": "b"}`, `{"unknown": true}`,
		"// only a comment\n", "/* block */ {}", `{"id": "x"} {}`, `{"title": {"en": "a\"//b"}}`,
	} {
		f.Add([]byte(seed))
	}
	withLine := regexp.MustCompile(`^fuzz\.jsonc:\d+:`)
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := scenarios.Parse("fuzz.jsonc", data)
		if err == nil {
			if s.ID == "" || len(s.Variants) == 0 || len(s.Schedules) == 0 {
				t.Fatalf("Parse accepted an incomplete lesson: %+v", s)
			}
			return
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "fuzz.jsonc:") {
			t.Fatalf("error %q does not name the file", msg)
		}
		if !json.Valid(data) && !bytes.Contains(data, []byte("/")) && len(data) <= scenarios.MaxFileSize && !withLine.MatchString(msg) {
			t.Fatalf("error %q for text that is not JSON does not name a line", msg)
		}
	})
}

// lessonWithScript is a wait_group lesson whose one coroutine runs a
// script given as a JSON string.
func lessonWithScript(script string) []byte {
	quoted, _ := json.Marshal(script)
	return []byte(`{
  "id": "fuzz-script", "primitive": "wait_group", "variants": ["tinycoro"],
  "title": {"en": "t", "zh": "t"}, "summary": {"en": "s", "zh": "s"},
  "narrative": {"en": ["n"], "zh": ["n"]},
  "init": {"count": "1"},
  "coroutines": [{"name": "A", "script": ` + string(quoted) + `}, {"name": "B", "script": "done"}],
  "schedules": [{"name": "any", "title": {"en": "t", "zh": "t"}, "steps": "", "expect": {"tinycoro": "ok"}}]
}`)
}

// FuzzScript compiles any script into a program and runs it: compiling
// never panics, and a program that compiles runs to an outcome from the
// vocabulary without breaking the engine's rules.
func FuzzScript(f *testing.F) {
	for _, seed := range []string{
		"wait", "add 2; wait", "done; done", "repeat 3 { add 1; done }", "repeat 2 { repeat 2 { wait } }",
		"add -1", "add", "wait 3", "repeat { wait }", "repeat 1001 { wait }", "repeat 2 {", "}",
		"cs", "wait\ndone", "repeat 2 { repeat 2 { repeat 2 { wait } } }", "add 99999999999", "wa!t",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, script string) {
		s, err := scenarios.Parse("fuzz.jsonc", lessonWithScript(script))
		if err != nil {
			return
		}
		p, err := s.Build("tinycoro", nil)
		if err != nil {
			if !strings.Contains(err.Error(), "coroutine A: script:") {
				t.Fatalf("Build error %q does not name the coroutine's script", err)
			}
			return
		}
		m := sim.New(p, sim.Options{})
		out, err := sim.Run(m, sim.NewRandom(uint64(len(script))))
		if err != nil || !outcome.ValidKind(out.Kind) {
			t.Fatalf("run of %q = %q, %v", script, out.Kind, err)
		}
		if strings.HasPrefix(out.Message, "sim:") {
			t.Fatalf("run of %q broke the engine's rules: %s", script, out.Message)
		}
	})
}
