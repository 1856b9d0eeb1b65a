package litmus

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
)

//go:embed *.litmus
var files embed.FS

// Load reads the embedded corpus, every *.litmus file in name order.
func Load() ([]*Test, error) { return LoadFS(files) }

// LoadFS reads every *.litmus file at the root of fsys. Test names are
// unique across the files.
func LoadFS(fsys fs.FS) ([]*Test, error) {
	names, err := fs.Glob(fsys, "*.litmus")
	if err != nil {
		return nil, err
	}
	var out []*Test
	var errs []error
	where := map[string]string{}
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		tests, err := Parse(name, string(data))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, t := range tests {
			if w, ok := where[t.Name]; ok {
				errs = append(errs, fmt.Errorf("%s:%d: test %s is also at %s", t.File, t.Line, t.Name, w))
				continue
			}
			where[t.Name] = fmt.Sprintf("%s:%d", t.File, t.Line)
			out = append(out, t)
		}
	}
	return out, errors.Join(errs...)
}
