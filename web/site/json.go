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
func JSONProblem(err error) string { return JSONProblemIn(err)[0] }

// JSONProblemIn is JSONProblem in English and in Chinese.
func JSONProblemIn(err error) Phrase {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return Phrase{fmt.Sprintf("not JSON (at byte %d)", syn.Offset), fmt.Sprintf("不是 JSON（在第 %d 字节）", syn.Offset)}
	case errors.As(err, &typ) && typ.Field == "":
		return Phrase{"a command is a JSON object, not " + article(typ.Value), "命令应是一个 JSON 对象，而不是 " + typ.Value}
	case errors.As(err, &typ):
		return Phrase{fmt.Sprintf("field %q cannot be %s", typ.Field, article(typ.Value)), fmt.Sprintf("字段 %q 不能是 %s", typ.Field, typ.Value)}
	}
	return Phrase{"not a JSON object", "不是一个 JSON 对象"}
}

// article puts "a" or "an" before a JSON type name.
func article(what string) string {
	if what != "" && strings.ContainsRune("aeiou", rune(what[0])) {
		return "an " + what
	}
	return "a " + what
}
