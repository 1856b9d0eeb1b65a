package site

import (
	"net/http"
	"strconv"
	"strings"
)

// Lang is a language of the user interface and of the lesson texts.
type Lang string

// The languages Lockstep speaks.
const (
	English Lang = "en"
	Chinese Lang = "zh"
)

// LangCookie remembers a language chosen explicitly with ?lang=.
const LangCookie = "lang"

// langCookieMaxAge keeps the choice for a year.
const langCookieMaxAge = 365 * 24 * 60 * 60

// ParseLang reads a language code: "en" or "zh", in any case, optionally
// with a region or script ("zh-CN", "zh-Hant", "en_GB"). ok is false for
// anything else.
func ParseLang(s string) (l Lang, ok bool) {
	primary, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "-")
	primary, _, _ = strings.Cut(primary, "_")
	switch primary {
	case "en":
		return English, true
	case "zh":
		return Chinese, true
	}
	return "", false
}

// ResolveLang picks the language of the response to r, in this order:
//
//  1. an explicit ?lang=en or ?lang=zh, which it also remembers by setting
//     a cookie on w (so call it before writing the header);
//  2. the cookie of an earlier explicit choice;
//  3. the Accept-Language header: the most preferred of its languages that
//     Lockstep speaks (zh-* counts as Chinese);
//  4. English.
//
// An unknown ?lang= value is ignored, as is a cookie that names no known
// language. ResolveLang adds "Accept-Language" and "Cookie" to the Vary
// header, since the same URL may be answered in either language.
func ResolveLang(w http.ResponseWriter, r *http.Request) Lang {
	w.Header().Add("Vary", "Accept-Language")
	w.Header().Add("Vary", "Cookie")
	if l, ok := ParseLang(r.URL.Query().Get("lang")); ok {
		http.SetCookie(w, &http.Cookie{
			Name:     LangCookie,
			Value:    string(l),
			Path:     "/",
			MaxAge:   langCookieMaxAge,
			HttpOnly: true,
			Secure:   r.TLS != nil,
			SameSite: http.SameSiteLaxMode,
		})
		return l
	}
	if c, err := r.Cookie(LangCookie); err == nil {
		if l, ok := ParseLang(c.Value); ok {
			return l
		}
	}
	return langFromAcceptLanguage(r.Header.Get("Accept-Language"))
}

// langFromAcceptLanguage returns the language of header (RFC 9110
// Accept-Language) with the highest weight among those Lockstep speaks;
// on a tie the earlier one wins. A weight of 0 means "not acceptable".
// With none, it returns English.
func langFromAcceptLanguage(header string) Lang {
	best, bestQ := English, 0.0
	for _, item := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(item, ";")
		l, ok := ParseLang(tag)
		if !ok {
			continue
		}
		if q := weight(params); q > bestQ {
			best, bestQ = l, q
		}
	}
	return best
}

// weight reads the q parameter of one Accept-Language item ("q=0.8");
// a missing or malformed weight counts as 1.
func weight(params string) float64 {
	for _, p := range strings.Split(params, ";") {
		name, value, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(name), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil || q < 0 || q > 1 {
			return 1
		}
		return q
	}
	return 1
}
