package lang

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"lockstep/primitives/examples"
)

// BenchmarkCompile compiles each example (47 to 65 lines), and a
// primitive of about 100 lines: parse, check, and the instances Compile
// tries. The budget is 5 ms for a 100-line primitive.
//
//	go test ./primitives/lang -run '^$' -bench Compile
func BenchmarkCompile(b *testing.B) {
	names, _ := fs.Glob(examples.FS, "*.lsp")
	type source struct{ name, text string }
	var sources []source
	for _, name := range names {
		text, _ := fs.ReadFile(examples.FS, name)
		sources = append(sources, source{strings.TrimSuffix(name, ".lsp"), string(text)})
	}
	sources = append(sources, source{"hundred_lines", hundredLines(b)})
	for _, s := range sources {
		b.Run(s.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Compile(s.name+".lsp", s.text); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(strings.Count(s.text, "\n")), "lines")
		})
	}
}

// labelled matches a written label at the start of a line.
var labelled = regexp.MustCompile(`(?m)^(\s*)[A-Z]\d+[a-z]?:`)

// hundredLines is tinyCoro's mutex with a second copy of its operations,
// whose labels are numbered automatically: about 100 lines.
func hundredLines(b *testing.B) string {
	b.Helper()
	text, err := fs.ReadFile(examples.FS, "mutex_tinycoro.lsp")
	if err != nil {
		b.Fatal(err)
	}
	src := string(text)
	i, j := strings.Index(src, "    // co_await mtx.lock():"), strings.LastIndex(src, "}")
	ops := labelled.ReplaceAllString(src[i:j], "$1    ")
	ops = strings.NewReplacer("void lock()", "void lock2()", "void lock_guard()", "void lock_guard2()",
		"lock();", "lock2();", "void unlock()", "void unlock2()").Replace(ops)
	return src[:j] + ops + "}\n"
}
