// Package static holds the playground's browser assets: ES modules, style
// sheets and images, embedded in the binary. The web package serves them
// under /static/, only the files whose extension it knows, so this file
// itself is never served.
package static

import "embed"

// FS holds the files of this directory. Hidden files and files starting
// with '_' are left out, as go:embed does for a '*' pattern.
//
//go:embed *
var FS embed.FS
