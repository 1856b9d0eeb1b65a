package primitives

import "embed"

// Source holds the Go source of this package, so the playground can show
// the code a step runs next to the step. It includes the test files, which
// a reader of Source should skip (names ending in _test.go).
//
//go:embed *.go
var Source embed.FS
