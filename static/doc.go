// Package static holds the playground's browser assets: ES modules, style
// sheets and images, embedded in the binary. The web package serves them
// under /static/, only the files whose extension it knows, so this file
// itself is never served.
//
// It imports embed only.
package static
