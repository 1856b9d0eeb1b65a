package primitives

import (
	"embed"
	"strings"
)

// Source holds the Go source of this package and of composed, so the
// playground can show the code a step runs next to the step. It includes
// the test files, which a reader of Source should skip (names ending in
// _test.go).
//
//go:embed *.go composed/*.go
var Source embed.FS

// pkgPath is this package's import path.
const pkgPath = "lockstep/primitives"

// SourcePath is the path in Source of file, the base name of a file of the
// package that declares function, a full name as runtime.FuncForPC gives
// it ("lockstep/primitives/composed.(*CondVar).wait" and "channel.go" give
// "composed/channel.go"). A function of another package keeps file as it
// is.
func SourcePath(function, file string) string {
	rest, ok := strings.CutPrefix(function, pkgPath+"/")
	if !ok {
		return file
	}
	dir, _, _ := strings.Cut(rest, ".")
	return dir + "/" + file
}
