package examples

import "embed"

// FS holds the examples.
//
//go:embed *.lsp
var FS embed.FS

// File is the name of the example that writes variant of primitive.
func File(primitive, variant string) string { return primitive + "_" + variant + ".lsp" }
