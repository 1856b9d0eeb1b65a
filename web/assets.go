package web

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path"
	"sort"
	"strings"
	"time"

	"lockstep/web/site"
)

// assetTypes are the files served from the static directory, by extension.
// Anything else there (the Go file that embeds them) is not served.
var assetTypes = map[string]string{
	".js":    "text/javascript; charset=utf-8",
	".css":   "text/css; charset=utf-8",
	".svg":   "image/svg+xml",
	".png":   "image/png",
	".ico":   "image/x-icon",
	".woff2": "font/woff2",
	".json":  "application/json",
	".txt":   "text/plain; charset=utf-8",
}

// devVersion is the asset version in development mode: nothing is cached.
const devVersion = "dev"

// assets serves the static files. Embedded assets are immutable: a URL
// carrying ?v=<version>, the hash of every asset, may be cached for a year;
// other URLs are revalidated with the file's ETag. In development mode
// files are read from disk on every request and never cached.
type assets struct {
	fsys    fs.FS
	dev     bool
	version string            // hash of the assets, or devVersion
	etags   map[string]string // per file, a hash of its content (not in dev)
}

// newAssets reads the assets of fsys; with dev, of directory dir instead.
func newAssets(fsys fs.FS, dir string) (*assets, error) {
	if dir != "" {
		st, err := os.Stat(dir)
		if err != nil {
			return nil, fmt.Errorf("static directory: %w", err)
		}
		if !st.IsDir() {
			return nil, fmt.Errorf("static directory: %s is not a directory", dir)
		}
		return &assets{fsys: os.DirFS(dir), dev: true, version: devVersion}, nil
	}
	a := &assets{fsys: fsys, etags: map[string]string{}}
	names, err := fs.Glob(fsys, "*")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	all := sha256.New()
	for _, name := range names {
		if _, ok := assetTypes[path.Ext(name)]; !ok {
			continue
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(data)
		a.etags[name] = `"` + hex.EncodeToString(sum[:8]) + `"`
		fmt.Fprintf(all, "%s\x00%x\x00", name, sum)
	}
	a.version = hex.EncodeToString(all.Sum(nil)[:6])
	return a, nil
}

// serve answers GET /static/{file}.
func (a *assets) serve(w http.ResponseWriter, r *http.Request) error {
	name := strings.TrimPrefix(r.URL.Path, "/static/")
	ctype, ok := assetTypes[path.Ext(name)]
	if !ok || !fs.ValidPath(name) || strings.Contains(name, "/") {
		return site.NotFound(fmt.Sprintf("There is no file %s.", r.URL.Path), nil)
	}
	data, err := fs.ReadFile(a.fsys, name)
	if errors.Is(err, fs.ErrNotExist) {
		return site.NotFound(fmt.Sprintf("There is no file %s.", r.URL.Path), err)
	}
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("X-Content-Type-Options", "nosniff")
	switch {
	case a.dev:
		h.Set("Cache-Control", "no-store")
	case r.URL.Query().Get("v") == a.version:
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		h.Set("ETag", a.etags[name])
	default:
		h.Set("Cache-Control", "no-cache")
		h.Set("ETag", a.etags[name])
	}
	http.ServeContent(w, r, name, time.Time{}, strings.NewReader(string(data)))
	return nil
}
