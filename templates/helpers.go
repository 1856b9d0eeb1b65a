package templates

import (
	"net/url"

	"github.com/a-h/templ"
)

// assetURL is the URL of a static asset with its cache-busting version.
func assetURL(name, version string) string {
	u := "/static/" + name
	if version != "" {
		u += "?v=" + url.QueryEscape(version)
	}
	return u
}

// langURL is a site path in language lang; English is the default and
// needs no parameter.
func langURL(path, lang string) templ.SafeURL {
	if lang == "" || lang == "en" {
		return templ.SafeURL(path)
	}
	return templ.SafeURL(path + "?lang=" + url.QueryEscape(lang))
}

// current marks the link to the page being shown.
func current(yes bool) templ.Attributes {
	if yes {
		return templ.Attributes{"aria-current": "page"}
	}
	return templ.Attributes{}
}
