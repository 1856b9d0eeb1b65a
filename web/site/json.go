package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"lockstep/web/playground/protocol"
	"net/http"
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
func JSONProblem(err error) string { return JSONProblemIn(err)[0] }

// JSONProblemIn is JSONProblem in English and in Chinese: the wire's
// words (protocol.JSONProblem).
func JSONProblemIn(err error) Phrase {
	en, zh := protocol.JSONProblem(err)
	return Phrase{en, zh}
}
