package primitives_test

import (
	"io/fs"
	"testing"

	"lockstep/primitives"
)

// TestSourcePath names files as Source holds them, for the functions of
// this package, of composed, and of other packages.
func TestSourcePath(t *testing.T) {
	for _, c := range []struct{ function, file, want string }{
		{"lockstep/primitives.(*WaitGroup).done", "waitgroup_tinycoro.go", "waitgroup_tinycoro.go"},
		{"lockstep/primitives.LockMutexThen", "mutex_common.go", "mutex_common.go"},
		{"lockstep/primitives/composed.(*cvEngine).shared", "condvar_notify.go", "composed/condvar_notify.go"},
		{"lockstep/primitives/composed.(*Channel).send", "channel.go", "composed/channel.go"},
		{"", "wait_group_fixed.lsp", "wait_group_fixed.lsp"},
		{"lockstep/primitivesx.f", "x.go", "x.go"},
	} {
		if got := primitives.SourcePath(c.function, c.file); got != c.want {
			t.Errorf("SourcePath(%q, %q) = %q, want %q", c.function, c.file, got, c.want)
		}
	}
	for _, f := range []string{"waitgroup_tinycoro.go", "composed/channel.go", "composed/condvar.go", "composed/condvar_notify.go"} {
		if _, err := fs.Stat(primitives.Source, f); err != nil {
			t.Errorf("Source lacks %s: %v", f, err)
		}
	}
}
