package lang

import (
	"io/fs"
	"strings"
	"testing"

	"lockstep/primitives/examples"
)

// BenchmarkCompile compiles each example (60 to 110 lines): parse,
// check, and the instances Compile tries. The budget is 5 ms for a
// 100-line primitive.
//
//	go test ./primitives/lang -run '^$' -bench Compile
func BenchmarkCompile(b *testing.B) {
	names, _ := fs.Glob(examples.FS, "*.lsp")
	for _, name := range names {
		src, _ := fs.ReadFile(examples.FS, name)
		b.Run(strings.TrimSuffix(name, ".lsp"), func(b *testing.B) {
			for b.Loop() {
				if _, err := Compile(name, string(src)); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(strings.Count(string(src), "\n")), "lines")
		})
	}
}
