package web

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"lockstep/templates"
)

// httpError is a failed request: Status and Msg are for the user, Err is
// for the log and never shown.
type httpError struct {
	Status int
	Msg    string
	Err    error
}

func (e *httpError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%d %s: %v", e.Status, e.Msg, e.Err)
	}
	return fmt.Sprintf("%d %s", e.Status, e.Msg)
}

func (e *httpError) Unwrap() error { return e.Err }

// notFound is a 404 whose message is shown as it is.
func notFound(msg string, err error) error {
	return &httpError{Status: http.StatusNotFound, Msg: msg, Err: err}
}

// badRequest is a 400 whose message is shown as it is.
func badRequest(msg string, err error) error {
	return &httpError{Status: http.StatusBadRequest, Msg: msg, Err: err}
}

// handlerFunc is a handler that returns its failure instead of writing it.
// It must not have written anything when it returns an error.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// handle adapts f to http.Handler: its error becomes an error page, and is
// logged, at error level for a 5xx, at info level otherwise.
func (s *Server) handle(f handlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		err := f(w, r)
		if err == nil {
			return
		}
		var he *httpError
		if !errors.As(err, &he) {
			he = &httpError{Status: http.StatusInternalServerError, Msg: "internal error", Err: err}
		}
		level := slog.LevelInfo
		if he.Status >= 500 {
			level = slog.LevelError
		}
		s.log.Log(r.Context(), level, "request failed", "method", r.Method, "path", r.URL.Path,
			"status", he.Status, "msg", he.Msg, "err", he.Err)
		s.writeError(w, r, he.Status, he.Msg)
	})
}

// writeError renders the error page.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, status int, msg string) {
	lang := string(ResolveLang(w, r))
	page := templates.ErrorPage{Chrome: s.chrome(r, lang, http.StatusText(status)), Status: status, Message: msg}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := templates.Error(page).Render(r.Context(), w); err != nil {
		s.log.Warn("render error page", "err", err)
	}
}
