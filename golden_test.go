package main

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden traces in scenarios/testdata")

// goldenLessons must have a golden trace in every variant, once they are
// in the catalog. Any other golden file found is checked too.
var goldenLessons = []string{"wg-lost-wakeup", "event-uaf", "event-missing-release", "mutex-handoff",
	"engine-queue-full", "event-dropped-task", "go-wg-basic", "when-all-inline"}

const goldenDir = "scenarios/testdata"

// TestGolden compares `lockstep run ID --variant V` with
// scenarios/testdata/ID.V.golden. go test . -update rewrites the files.
func TestGolden(t *testing.T) {
	cat := catalog(t)
	want := map[string]bool{}
	for _, id := range goldenLessons {
		s, err := cat.Lookup(id)
		if err != nil {
			continue // not written yet
		}
		for _, v := range s.Variants {
			want[id+"."+v+".golden"] = true
		}
	}
	found, err := filepath.Glob(filepath.Join(goldenDir, "*.golden"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		want[filepath.Base(f)] = true
	}
	names := make([]string, 0, len(want))
	for name := range want {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) { checkGolden(t, name) })
	}
}

func checkGolden(t *testing.T, name string) {
	id, variant, _ := strings.Cut(strings.TrimSuffix(name, ".golden"), ".")
	s, err := catalog(t).Lookup(id)
	if err != nil || !slices.Contains(s.Variants, variant) {
		t.Fatalf("%s is the trace of %s in variant %q, which the catalog does not have: remove it", name, id, variant)
	}
	got := mustCLI(t, "run", id, "--variant", variant)
	path := filepath.Join(goldenDir, name)
	if *update {
		if err := os.MkdirAll(goldenDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		t.Fatalf("%s is missing: run go test . -update and read it", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	if want := string(data); got != want {
		t.Errorf("lockstep run %s --variant %s differs from %s (go test . -update rewrites it):\n%s",
			id, variant, path, firstDifference(got, want))
	}
}

// firstDifference shows the first line where got and want differ.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "line " + strconv.Itoa(i+1) + ":\n got: " + gl + "\nwant: " + wl
		}
	}
	return "(no line differs)"
}

// TestTraceIsSymbolic runs every schedule of every lesson in every variant
// through the text and JSON output: neither shows a raw address.
func TestTraceIsSymbolic(t *testing.T) {
	// Under the race detector, every third lesson: each run is one
	// thread's, where the detector finds nothing.
	for _, s := range raceSample(catalog(t).All(), 3) {
		for _, v := range s.Variants {
			for _, sc := range s.Schedules {
				for _, format := range []string{"--json=false", "--json"} {
					out := mustCLI(t, "run", s.ID, "--variant", v, "--schedule", sc.Name, format)
					if i := strings.Index(out, "0x"); i >= 0 {
						t.Errorf("run %s --variant %s --schedule %s %s shows an address: %q",
							s.ID, v, sc.Name, format, out[max(0, i-40):min(len(out), i+20)])
					}
				}
			}
		}
	}
}
