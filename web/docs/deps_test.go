package docs

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDependencies checks what the package may import: the standard
// library, goldmark, templates (the view model), and, in tests only,
// scenarios, sim and primitives. It must not import the web package or
// any other part of it: web serves the docs, not the other way round.
func TestDependencies(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "lockstep/web/docs").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		switch {
		case dep == "lockstep/web/docs", dep == "lockstep/templates":
		case dep == "lockstep/web", strings.HasPrefix(dep, "lockstep/web/"):
			t.Errorf("web/docs depends on %s; the web packages use docs, not the other way round", dep)
		case strings.HasPrefix(dep, "lockstep/"):
			t.Errorf("web/docs depends on %s; it may use templates only", dep)
		}
	}
}
