package site

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"unicode/utf8"

	"lockstep/templates"
)

// Error is a failed request: Status and Msg are for the user, Err is for
// the log and never shown.
type Error struct {
	Status int
	Msg    string
	// Says, when set, is Msg in both languages: the page shows the one of
	// the request's language.
	Says Phrase
	Err  error
}

// Refusal is an error of status whose message is said in both languages.
func Refusal(status int, says Phrase, err error) error {
	return &Error{Status: status, Msg: says[0], Says: says, Err: err}
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%d %s: %v", e.Status, e.Msg, e.Err)
	}
	return fmt.Sprintf("%d %s", e.Status, e.Msg)
}

func (e *Error) Unwrap() error { return e.Err }

// NotFound is a 404 whose message is shown as it is.
func NotFound(msg string, err error) error {
	return &Error{Status: http.StatusNotFound, Msg: msg, Err: err}
}

// BadRequest is a 400 whose message is shown as it is.
func BadRequest(msg string, err error) error {
	return &Error{Status: http.StatusBadRequest, Msg: msg, Err: err}
}

// HandlerFunc is a handler that returns its failure instead of writing it.
// It must not have written anything when it returns an error.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// Handle adapts f to http.Handler: its error becomes an error page, and is
// logged, at error level for a 5xx, at info level otherwise.
func (p *Pages) Handle(f HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		err := f(w, r)
		if err == nil {
			return
		}
		var he *Error
		if !errors.As(err, &he) {
			he = &Error{Status: http.StatusInternalServerError, Msg: "internal error", Err: err}
		}
		level := slog.LevelInfo
		if he.Status >= 500 {
			level = slog.LevelError
		}
		p.log.Log(r.Context(), level, "request failed", "method", r.Method, "path", Clip(r.URL.Path),
			"status", he.Status, "msg", Clip(he.Msg), "err", Clip(fmt.Sprint(he.Err)))
		p.writeError(w, r, he.Status, he.Msg, he.Says)
	})
}

// writeError renders the error page.
func (p *Pages) writeError(w http.ResponseWriter, r *http.Request, status int, msg string, says Phrase) {
	lang := string(ResolveLang(w, r))
	if says[0] != "" {
		msg = says.In(lang)
	}
	page := templates.ErrorPage{Chrome: p.Chrome(r, lang, http.StatusText(status)), Status: status, Message: msg}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := templates.Error(page).Render(r.Context(), w); err != nil {
		p.log.Warn("render error page", "err", err)
	}
}

// MaxLogValue bounds a value a log line echoes from a request.
const MaxLogValue = 256

// Clip shortens s, a value from a request, to at most MaxLogValue bytes
// for a log line, and says how long it was.
func Clip(s string) string {
	if len(s) <= MaxLogValue {
		return s
	}
	cut := MaxLogValue
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", s[:cut], len(s))
}
