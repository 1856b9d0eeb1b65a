package main

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"os"
	"os/exec"
	"slices"
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

// simAllowed lifts a ban of simBanned for one package under sim, and says
// why.
var simAllowed = map[string]map[string]string{
	"lockstep/sim/trace": {"encoding/json": "trace writes the command line's JSON trace of a run: the one wire format sim owns"},
	"lockstep/sim/explore": {
		"sync":        "an exhaustive search runs on several goroutines (Options.Workers), each with machines of its own: the search is parallel, never a machine",
		"sync/atomic": "an exhaustive search's workers learn at once that one of them stopped",
	},
	"lockstep/sim/explore/internal/cache": {
		"sync":        "the state cache a parallel search's workers share locks its shards, and their crew its stop reason",
		"sync/atomic": "the shared state cache counts its states across its shards; the crew tells its workers to stop",
	},
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

// primitivesInward names, for a package under primitives, the one root of
// the project it may build on beside the standard library; every other
// package under primitives builds on the standard library alone.
var primitivesInward = map[string]string{
	// lang compiles a written primitive into a primitives.Primitive, as a
	// Go port is one: it runs on Mem and knows nothing of lessons, the
	// machine or the web; scenarios puts it in a program.
	"lockstep/primitives/lang": "lockstep/primitives",
	// graph runs a step of a compiled operation on Mem, and names its
	// place in the source with syntax.Pos.
	"lockstep/primitives/lang/graph": "lockstep/primitives",
	// word computes the values of a compiled operation on Mem, and
	// checks their types with syntax's types and errors.
	"lockstep/primitives/lang/word": "lockstep/primitives",
	// composed builds the condition variable and the channel on the
	// mutex's steps, as tinyCoro does.
	"lockstep/primitives/composed": "lockstep/primitives",
}

// The room model knows nothing of HTTP, sockets or the step machine: its
// adapter, package classroom, does.
var lectureBanned = map[string]string{
	"net":      "sockets belong to the classroom's adapter",
	"net/http": "HTTP belongs to the classroom's adapter",
}

// searchBanned are what the search may never depend on, however
// indirectly, and why (its tests may use the lessons).
var searchBanned = map[string]string{
	"lockstep/scenarios": "a search runs any program; the lessons are only its tests' material",
	"lockstep/web":       "the playground runs searches, not the other way round",
}

// protocolBanned are what the playground's wire vocabulary may never
// depend on, however indirectly, and why.
var protocolBanned = map[string]string{
	"lockstep/scenarios":  "the protocol carries a lesson's description, filled in by the playground; it reads no lessons",
	"lockstep/primitives": "the protocol carries the primitives' code as text, filled in by lessonview",
}

func TestDependencies(t *testing.T) {
	out, err := exec.Command("go", "list", "lockstep/sim/...").Output()
	if err != nil {
		t.Fatalf("go list lockstep/sim/...: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		banned := maps.Clone(simBanned)
		for imp := range simAllowed[pkg] {
			delete(banned, imp)
		}
		checkDeps(t, pkg, banned, "lockstep/sim")
	}
	out, err = exec.Command("go", "list", "lockstep/primitives/...").Output()
	if err != nil {
		t.Fatalf("go list lockstep/primitives/...: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		checkDeps(t, pkg, primitivesBanned, primitivesInward[pkg])
	}
	checkDeps(t, "lockstep/web/classroom/lecture", lectureBanned, "")
	checkNever(t, "lockstep/sim/explore", searchBanned)
	checkNever(t, "lockstep/sim/explore/weak", searchBanned)
	checkNever(t, "lockstep/web/playground/protocol", protocolBanned)
}

// webImports is the import graph of the web packages: for each package
// under lockstep/web, the packages under lockstep/web it may import.
// Imports point down: web wires the others and nothing imports it; share
// and classroom build on playground, and read the protocol's version and
// bounds from playground/protocol; share's handout lists a lesson's code
// as the code pane does, from playground/lessonview; every one may build
// on site, which
// imports only playground/protocol (for the words of a message that is
// not JSON), the wire vocabulary at the bottom, which imports no web
// package. A package missing from the table fails, as does an
// import its row does not allow, in its code or in its tests (which may
// also import webtest, the tests' helpers).
var webImports = map[string][]string{
	"lockstep/web": {
		"lockstep/web/classroom", "lockstep/web/classroom/lecture", "lockstep/web/classroom/roomstore",
		"lockstep/web/docs", "lockstep/web/lab", "lockstep/web/playground", "lockstep/web/share", "lockstep/web/site",
	},
	"lockstep/web/lab":                    {"lockstep/web/playground", "lockstep/web/playground/searchqueue", "lockstep/web/share", "lockstep/web/site"},
	"lockstep/web/share":                  {"lockstep/web/playground", "lockstep/web/playground/lessonview", "lockstep/web/playground/protocol", "lockstep/web/site"},
	"lockstep/web/classroom":              {"lockstep/web/classroom/lecture", "lockstep/web/playground", "lockstep/web/playground/protocol", "lockstep/web/site"},
	"lockstep/web/playground":             {"lockstep/web/playground/lessonview", "lockstep/web/playground/protocol", "lockstep/web/playground/searchqueue", "lockstep/web/site"},
	"lockstep/web/playground/lessonview":  {"lockstep/web/playground/protocol"},
	"lockstep/web/playground/searchqueue": {"lockstep/web/site"},
	"lockstep/web/playground/protocol":    {},
	"lockstep/web/docs":                   {"lockstep/web/site"},
	"lockstep/web/classroom/lecture":      {},
	"lockstep/web/classroom/roomstore":    {"lockstep/web/classroom/lecture"},
	"lockstep/web/site":                   {"lockstep/web/playground/protocol"},
	"lockstep/web/internal/webtest":       {},
}

// webtestPkg is the helpers only tests may import.
const webtestPkg = "lockstep/web/internal/webtest"

func TestWebDependencies(t *testing.T) {
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports,TestImports,XTestImports", "lockstep/web/...").Output()
	if err != nil {
		t.Fatalf("go list lockstep/web/...: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath                         string
			Imports, TestImports, XTestImports []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		allowed, ok := webImports[p.ImportPath]
		if !ok {
			t.Errorf("%s is not in webImports: add it, with the web packages it may import", p.ImportPath)
			continue
		}
		check := func(imports []string, test bool) {
			for _, imp := range imports {
				if !isWeb(imp) || slices.Contains(allowed, imp) || test && (imp == webtestPkg || imp == p.ImportPath) {
					continue
				}
				what := "imports"
				if test {
					what = "tests import"
				}
				t.Errorf("%s %s %s: webImports allows it %v", p.ImportPath, what, imp, allowed)
			}
		}
		check(p.Imports, false)
		check(p.TestImports, true)
		check(p.XTestImports, true)
	}
}

// TestTemplatesKnowNoHandler keeps the views below the handlers: the
// templates render the view models the web packages fill in.
func TestTemplatesKnowNoHandler(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "lockstep/templates").Output()
	if err != nil {
		t.Fatalf("go list -deps lockstep/templates: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if isWeb(dep) {
			t.Errorf("lockstep/templates depends on %s: the web packages fill the templates' view models, not the other way round", dep)
		}
	}
}

// isWeb reports whether pkg is lockstep/web or a package under it.
func isWeb(pkg string) bool { return pkg == "lockstep/web" || strings.HasPrefix(pkg, "lockstep/web/") }

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

// TestArchitectureDoc keeps the package map of docs/architecture.md true:
// its table lists every package of the module, once, and no other.
func TestArchitectureDoc(t *testing.T) {
	doc, err := os.ReadFile("docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "\n## Packages\n")
	if !ok {
		t.Fatal(`docs/architecture.md has no "## Packages" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var listed []string
	for line := range strings.Lines(section) {
		if name, ok := strings.CutPrefix(line, "| `"); ok {
			name, _, _ = strings.Cut(name, "`")
			listed = append(listed, name)
		}
	}
	out, err := exec.Command("go", "list", "./...").Output()
	if err != nil {
		t.Fatalf("go list ./...: %v", err)
	}
	pkgs := strings.Fields(string(out))
	times := map[string]int{}
	for _, l := range listed {
		times[l]++
	}
	for _, p := range pkgs {
		if n := times[p]; n != 1 {
			t.Errorf("docs/architecture.md's package map lists %s %d times; want once", p, n)
		}
	}
	for _, l := range listed {
		if !slices.Contains(pkgs, l) {
			t.Errorf("docs/architecture.md's package map lists %s, which go list ./... does not", l)
		}
	}
}
