package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os/exec"
	"slices"
	"testing"
)

// The engine and the primitives depend on the standard library only, and
// on none of the project's other packages: dependencies point inward. Each
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

// langBanned: the language makes primitives; it knows nothing of lessons,
// the machine or the web.
var langBanned = map[string]string{
	"lockstep/sim":       "a written primitive runs on Mem, as a Go port does; scenarios puts it in a program",
	"lockstep/scenarios": "lessons use written primitives, not the other way round",
	"lockstep/web":       "the language knows nothing of the playground",
	"net/http":           "the language knows nothing of HTTP",
	"os":                 "a source comes as a string: the language touches no files",
	"sync":               "a written primitive runs on simulated memory",
	"sync/atomic":        "a written primitive runs on simulated memory",
	"unsafe":             "memory is simulated with words and addresses",
}

func TestDependencies(t *testing.T) {
	checkDeps(t, "lockstep/sim", simBanned)
	checkDeps(t, "lockstep/primitives", primitivesBanned)
	checkDeps(t, "lockstep/primitives/lang", langBanned, "lockstep/primitives")
	checkDeps(t, "lockstep/primitives/examples", primitivesBanned)
}

// checkDeps fails if pkg imports a banned package directly, or depends on
// anything outside the standard library and allowed, however indirectly.
func checkDeps(t *testing.T, pkg string, banned map[string]string, allowed ...string) {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-json=ImportPath,Standard,Imports", pkg).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pkg, err)
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath string
			Standard   bool
			Imports    []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		if p.ImportPath == pkg {
			for _, imp := range p.Imports {
				if why, ok := banned[imp]; ok {
					t.Errorf("%s imports %s: %s", pkg, imp, why)
				}
			}
			continue
		}
		if !p.Standard && !slices.Contains(allowed, p.ImportPath) {
			t.Errorf("%s depends on %s: it must build with the standard library alone", pkg, p.ImportPath)
		}
	}
}
