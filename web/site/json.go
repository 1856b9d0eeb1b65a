package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// WriteJSON writes v as the JSON answer to a request (a form's check, the
// lab's), with status, uncached.
func WriteJSON(w http.ResponseWriter, status int, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("encode %T: %w", v, err)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes()) // a failed write means the client left
	return nil
}

// JSONProblem says what is wrong with a message that did not decode as
// the JSON object it should be (a socket's frame, a form's body), without
// echoing it.
func JSONProblem(err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Sprintf("not JSON (at byte %d)", syn.Offset)
	case errors.As(err, &typ) && typ.Field == "":
		return "a command is a JSON object, not " + article(typ.Value)
	case errors.As(err, &typ):
		return fmt.Sprintf("field %q cannot be %s", typ.Field, article(typ.Value))
	}
	return "not a JSON object"
}

// article puts "a" or "an" before a JSON type name.
func article(what string) string {
	if what != "" && strings.ContainsRune("aeiou", rune(what[0])) {
		return "an " + what
	}
	return "a " + what
}
