package scenarios

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strings"
)

// MaxFileSize bounds a lesson file.
const MaxFileSize = 256 << 10

// Decode reads one lesson from data. name is the file's name, used in
// errors ("wg-basic.jsonc:12: ..."). known maps each primitive to its
// variants.
func Decode(name string, data []byte, known map[string][]string) (*Scenario, error) {
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("%s: larger than %d bytes", name, MaxFileSize)
	}
	text, err := stripComments(data)
	if err != nil {
		return nil, fmt.Errorf("%s:%d: %v", name, lineAt(data, err.(*posError).off), err.(*posError).msg)
	}
	if err := checkDuplicateKeys(text); err != nil {
		var pe *posError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s:%d: %s", name, lineAt(text, pe.off), pe.msg)
		}
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	var s Scenario
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("%s:%s", name, describe(text, err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%s:%d: unexpected data after the lesson", name, lineAt(text, dec.InputOffset()))
	}
	s.file = name
	if err := s.validate(known); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return &s, nil
}

type posError struct {
	off int64
	msg string
}

func (e *posError) Error() string { return e.msg }

// stripComments blanks out // comments outside strings, keeping offsets.
func stripComments(data []byte) ([]byte, error) {
	out := bytes.Clone(data)
	inString := false
	for i := 0; i < len(out); i++ {
		switch c := out[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case !inString && c == '/' && i+1 < len(out) && out[i+1] == '/':
			for i < len(out) && out[i] != '\n' {
				out[i] = ' '
				i++
			}
		case !inString && c == '/':
			return nil, &posError{int64(i), "a comment starts with //"}
		}
	}
	return out, nil
}

// checkDuplicateKeys walks the JSON and rejects an object with a key twice.
func checkDuplicateKeys(text []byte) error {
	dec := json.NewDecoder(bytes.NewReader(text))
	type frame struct {
		object bool
		keys   map[string]bool
		key    bool // the next string token is a key
	}
	var stack []*frame
	for {
		off := dec.InputOffset()
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return nil // the decoder reports syntax errors with their place
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if k, ok := tok.(string); ok && top != nil && top.object && top.key {
			if top.keys[k] {
				return &posError{off + 1, fmt.Sprintf("field %q appears twice", k)}
			}
			top.keys[k] = true
			top.key = false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{object: true, keys: map[string]bool{}, key: true})
			continue
		case json.Delim('['):
			stack = append(stack, &frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 && stack[len(stack)-1].object {
			stack[len(stack)-1].key = true
		}
	}
}

var unknownField = regexp.MustCompile(`unknown field "([^"]*)"`)

// describe turns a decoding error into "LINE: message".
func describe(text []byte, err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("%d: %v", lineAt(text, se.Offset), se)
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			field = "value"
		}
		return fmt.Sprintf("%d: %s: want %s, got a JSON %s", lineAt(text, te.Offset), field, jsonKind(te.Type), te.Value)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Sprintf("%d: the file ends in the middle of the lesson", lineAt(text, int64(len(text))))
	}
	if m := unknownField.FindStringSubmatch(err.Error()); m != nil {
		line := 0
		if i := bytes.Index(text, []byte(`"`+m[1]+`"`)); i >= 0 {
			line = lineAt(text, int64(i))
		}
		return fmt.Sprintf("%d: unknown field %q", line, m[1])
	}
	return " " + strings.TrimPrefix(err.Error(), "json: ")
}

// jsonKind says what a lesson file must hold where Go decodes a value of
// type t, in the file's terms, not Go's: "an object", "a whole number".
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "another kind of value"
}

// lineAt is the 1-based line of byte offset off.
func lineAt(text []byte, off int64) int {
	if off > int64(len(text)) {
		off = int64(len(text))
	}
	return bytes.Count(text[:off], []byte("\n")) + 1
}
