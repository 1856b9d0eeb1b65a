package scenarios

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// lessonWith returns a valid lesson whose schedules are the given texts.
func lessonWith(steps ...string) []byte {
	var scheds []string
	for i, st := range steps {
		scheds = append(scheds, fmt.Sprintf(`{"name": "s%d", "steps": %q, "expect": {"tinycoro": "ok"}}`, i, st))
	}
	return []byte(`{
  "id": "limits", "primitive": "wait_group", "variants": ["tinycoro"],
  "title": {"en": "t", "zh": "t"}, "summary": {"en": "s", "zh": "s"},
  "narrative": {"en": ["n"], "zh": ["n"]},
  "init": {"count": "1"},
  "coroutines": [{"name": "A", "script": "done"}],
  "schedules": [` + strings.Join(scheds, ",") + `]
}`)
}

// TestScheduleBounds checks that a lesson cannot make its own check slow:
// too many schedules, or schedules too long together, are refused at once.
func TestScheduleBounds(t *testing.T) {
	many := make([]string, MaxSchedules+1)
	for i := range many {
		many[i] = "A"
	}
	huge := make([]string, MaxSchedules)
	for i := range huge {
		huge[i] = "A*100000"
	}
	tests := []struct {
		name  string
		steps []string
		want  string // "" for no error
	}{
		{"one short schedule", []string{"A"}, ""},
		{"at the step budget", []string{fmt.Sprintf("A*%d", MaxLessonSteps)}, ""},
		{"too many schedules", many, "is more than 32"},
		{"too many steps together", []string{fmt.Sprintf("A*%d", MaxLessonSteps/2), fmt.Sprintf("A*%d", MaxLessonSteps/2+1)}, "longer than"},
		{"hostile repeats", huge, "longer than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			_, err := Decode("limits.jsonc", lessonWith(tt.steps...), knownVariants())
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Decode = %v, want no error", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("Decode = %v, want an error containing %q", err, tt.want)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("Decode took %v; a lesson must be checked in a moment", d)
			}
		})
	}
}

// TestVariantBounds checks that a lesson cannot multiply the work of its
// check, and of every page that opens it, by naming its variants many
// times: each is built, and each schedule run on each.
func TestVariantBounds(t *testing.T) {
	withVariants := func(vs ...string) []byte {
		q := make([]string, len(vs))
		for i, v := range vs {
			q[i] = fmt.Sprintf("%q", v)
		}
		return []byte(strings.Replace(string(lessonWith("A")), `"variants": ["tinycoro"]`, `"variants": [`+strings.Join(q, ", ")+`]`, 1))
	}
	many := make([]string, 10_000)
	for i := range many {
		many[i] = "tinycoro"
	}
	tests := []struct {
		name     string
		variants []string
		want     string // "" for no error
	}{
		{"one", []string{"tinycoro"}, ""},
		{"twice", []string{"tinycoro", "tinycoro"}, `variant "tinycoro" is named more than once`},
		{"too many", many, fmt.Sprintf("variants: 10000 is more than %d", MaxVariants)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode("limits.jsonc", withVariants(tt.variants...), knownVariants())
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Decode = %v, want no error", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("Decode = %v, want an error containing %q", err, tt.want)
			}
			if err != nil && len(err.Error()) > 200 {
				t.Errorf("the error is %d bytes long; it says each problem once", len(err.Error()))
			}
		})
	}
}

// TestCountBound checks that a coroutine's count is refused before its
// coroutines are named: a count of two billion made two billion names
// (memory the server does not have) before the total was checked.
func TestCountBound(t *testing.T) {
	for _, count := range []string{"65", "2000000000", "9223372036854775807"} {
		text := strings.Replace(string(lessonWith("A1")), `"script": "done"`, `"count": "`+count+`", "script": "done"`, 1)
		l, err := Decode("limits.jsonc", []byte(text), knownVariants())
		if err != nil {
			t.Fatalf("Decode: %v", err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err = l.Build("tinycoro", nil)
		runtime.ReadMemStats(&after)
		if want := "count: " + count + " is more than the 64 coroutines"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("count %s: Build = %v; want an error containing %q", count, err, want)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
			t.Errorf("count %s: the refusal allocated %d KB", count, n>>10)
		}
	}
}

// TestGroupScriptReadOnce builds a group of 64 coroutines with a long
// script: the script is read once, and its members share the compiled
// instructions (read for each, a 600-byte link made 1.6 GB of garbage).
func TestGroupScriptReadOnce(t *testing.T) {
	script := strings.Repeat("done; ", 10_000)
	text := strings.Replace(string(lessonWith("A1")), `"script": "done"`, `"count": "64", "script": "`+script+`"`, 1)
	l, err := Decode("limits.jsonc", []byte(text), knownVariants())
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	p, err := l.Build("tinycoro", nil)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Coroutines) != 64 {
		t.Fatalf("%d coroutines; want 64", len(p.Coroutines))
	}
	for _, c := range p.Coroutines[1:] {
		if len(c.Script) == 0 || &c.Script[0] != &p.Coroutines[0].Script[0] {
			t.Fatalf("%s has a script of its own; want A1's", c.Name)
		}
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 32<<20 {
		t.Errorf("Build allocated %d MB", n>>20)
	}
}
