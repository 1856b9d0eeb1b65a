package site

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"github.com/a-h/templ"

	"lockstep/templates"
)

// Pages is what every page of the site is made with: the log its failures
// go to, the version its asset URLs carry, and the browsers' identities
// every page gives. It is safe for concurrent use.
type Pages struct {
	log          *slog.Logger
	assetVersion string
	browsers     *Browsers
}

// NewPages returns the pages of a site that logs to log, whose assets are
// at version assetVersion (the ?v= of their URLs), and whose pages give
// browsers identities of browsers.
func NewPages(log *slog.Logger, assetVersion string, browsers *Browsers) *Pages {
	return &Pages{log: log, assetVersion: assetVersion, browsers: browsers}
}

// BrowserOf is the identity of r's browser that these pages gave, or "".
func (p *Pages) BrowserOf(r *http.Request) string { return p.browsers.Of(r) }

// AssetVersion is the version appended to asset URLs (?v=).
func (p *Pages) AssetVersion() string { return p.assetVersion }

// Render writes a page. Pages are rendered to a buffer first, so a
// failure can still become an error page. A browser without an identity
// is given one (Browsers.Ensure).
func (p *Pages) Render(w http.ResponseWriter, r *http.Request, c templ.Component) error {
	var b strings.Builder
	if err := c.Render(r.Context(), &b); err != nil {
		return fmt.Errorf("render %s: %w", r.URL.Path, err)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	p.browsers.Ensure(w, r)
	_, _ = io.WriteString(w, b.String()) // a failed write means the client left
	return nil
}

// Chrome is what every page shares, for request r in language lang.
func (p *Pages) Chrome(r *http.Request, lang, title string) templates.Chrome {
	c := templates.Chrome{Lang: lang, Title: title, AssetVersion: p.assetVersion}
	for _, l := range []struct{ code, name string }{{"en", "English"}, {"zh", "中文"}} {
		u := *r.URL
		q := u.Query()
		q.Set("lang", l.code)
		u.RawQuery = q.Encode()
		c.Languages = append(c.Languages, templates.Link{Href: u.RequestURI(), Text: l.name, Key: l.code, Current: l.code == lang})
	}
	return c
}

// Origin is the scheme and host r was made to, for the absolute URLs a
// page hands out (an embed code, a room's join link). Behind a proxy a
// page's script may correct it with the origin the browser sees.
func Origin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}
