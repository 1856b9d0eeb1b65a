package static

import "embed"

// FS holds the files of this directory. Hidden files and files starting
// with '_' are left out, as go:embed does for a '*' pattern.
//
//go:embed *
var FS embed.FS
