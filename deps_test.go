package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
)

// The engine (every package under sim) and the primitives depend on the
// standard library only, and on none of the project's other packages
// (the engine's packages on each other): dependencies point inward. Each
// banned import says why.
var simBanned = map[string]string{
	"lockstep/primitives": "the machine runs step functions through Exec; sim and primitives meet only in scenarios",
	"lockstep/scenarios":  "lessons compile into programs; the engine never reads them",
	"lockstep/web":        "the engine knows nothing of the playground",
	"lockstep/templates":  "the engine knows nothing of the playground",
	"time":                "a run is a function of its program and schedule: no clocks",
	"math/rand":           "randomness comes from a seeded math/rand/v2 source, never the global one",
	"os":                  "the engine touches no files, environment or processes",
	"net":                 "sockets belong to web",
	"net/http":            "HTTP belongs to web",
	"encoding/json":       "sim types carry no wire format; web and the command line translate them",
	"sync":                "a machine is single-threaded: concurrency is simulated, never real",
	"sync/atomic":         "a machine is single-threaded: concurrency is simulated, never real",
	"unsafe":              "memory is simulated with words and addresses",
}

var primitivesBanned = map[string]string{
	"lockstep/sim":       "primitives declare the memory they run on as Mem; the machine satisfies it without either importing the other",
	"lockstep/scenarios": "lessons use primitives, not the other way round",
	"lockstep/web":       "primitives know nothing of the playground",
	"lockstep/templates": "primitives know nothing of the playground",
	"sync":               "a primitive runs on simulated memory: a real lock would escape the scheduler",
	"sync/atomic":        "a primitive runs on simulated memory: a real atomic would escape the scheduler",
	"time":               "a step depends only on memory and locals: no clocks",
	"math/rand":          "a step depends only on memory and locals: no randomness",
	"math/rand/v2":       "a step depends only on memory and locals: no randomness",
	"os":                 "primitives touch no files, environment or processes",
	"net/http":           "HTTP belongs to web",
	"unsafe":             "memory is simulated with words and addresses",
}

// searchBanned are what the search may never depend on, however
// indirectly, and why (its tests may use the lessons).
var searchBanned = map[string]string{
	"lockstep/scenarios": "a search runs any program; the lessons are only its tests' material",
	"lockstep/web":       "the playground runs searches, not the other way round",
}

func TestDependencies(t *testing.T) {
	out, err := exec.Command("go", "list", "lockstep/sim/...").Output()
	if err != nil {
		t.Fatalf("go list lockstep/sim/...: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		checkDeps(t, pkg, simBanned, "lockstep/sim")
	}
	checkDeps(t, "lockstep/primitives", primitivesBanned, "")
	checkNever(t, "lockstep/sim/explore", searchBanned)
}

// checkDeps fails if pkg imports a banned package directly, or depends on
// anything outside the standard library and the packages under inward
// ("" for none), however indirectly.
func checkDeps(t *testing.T, pkg string, banned map[string]string, inward string) {
	t.Helper()
	for _, p := range deps(t, pkg) {
		if p.ImportPath == pkg {
			for _, imp := range p.Imports {
				if why, ok := banned[imp]; ok {
					t.Errorf("%s imports %s: %s", pkg, imp, why)
				}
			}
			continue
		}
		if !p.Standard && !under(p.ImportPath, inward) {
			t.Errorf("%s depends on %s: it must build with the standard library alone%s", pkg, p.ImportPath, also(inward))
		}
	}
}

// checkNever fails if pkg depends, however indirectly, on a package in
// banned or under one.
func checkNever(t *testing.T, pkg string, banned map[string]string) {
	t.Helper()
	for _, p := range deps(t, pkg) {
		for b, why := range banned {
			if under(p.ImportPath, b) {
				t.Errorf("%s depends on %s: %s", pkg, p.ImportPath, why)
			}
		}
	}
}

// goPackage is what checkDeps reads of go list's output.
type goPackage struct {
	ImportPath string
	Standard   bool
	Imports    []string
}

// deps lists pkg and everything it depends on (without its tests).
func deps(t *testing.T, pkg string) []goPackage {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-json=ImportPath,Standard,Imports", pkg).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pkg, err)
	}
	var ps []goPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p goPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		ps = append(ps, p)
	}
	return ps
}

// under reports whether path is root or a package under it ("" is no root).
func under(path, root string) bool {
	return root != "" && (path == root || strings.HasPrefix(path, root+"/"))
}

func also(inward string) string {
	if inward == "" {
		return ""
	}
	return " and " + inward + "/..."
}
