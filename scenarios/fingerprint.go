package scenarios

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
)

// FingerprintLen is the length of a fingerprint, in hex digits.
const FingerprintLen = 12

// Fingerprint is a short hash of what the lesson runs: its primitive,
// variants, parameters, initial state and submit mode, and every
// coroutine with its script in canonical form (so that spacing and
// redundant separators do not count). Texts (titles, narratives,
// captions) and the named schedules do not count: a link that carries
// its schedule as text replays the same steps as long as the fingerprint
// is the same. It is the same on every run and every machine; a link
// made from one release of a lesson can tell whether a later release
// still runs the same program.
func (s *Scenario) Fingerprint() string {
	c := canonicalLesson{
		Primitive: s.Primitive,
		Variants:  s.Variants,
		Params:    map[string]int{},
		Init:      map[string]string{},
		Value:     s.Value,
		Submit:    cmp(s.Submit, "enqueue"),
		FIFO:      s.FIFO,
		StepLimit: s.StepLimit,
	}
	if s.written != nil {
		// The text run, whether the lesson carries it or names an example.
		c.Source = s.written.Source()
	}
	for k, v := range s.Params {
		c.Params[k] = v
	}
	for k, v := range s.Init {
		c.Init[k] = strings.ReplaceAll(v, " ", "")
	}
	for _, co := range s.Coroutines {
		c.Coroutines = append(c.Coroutines, canonicalCoroutine{
			Name:   co.Name,
			Count:  strings.ReplaceAll(co.Count, " ", ""),
			Thread: co.Thread,
			Script: canonicalScript(co.Script),
		})
	}
	// Maps are encoded with sorted keys, so the encoding is canonical;
	// it cannot fail on these plain values.
	b, _ := json.Marshal(c)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])[:FingerprintLen]
}

// canonicalLesson is what a fingerprint covers.
type canonicalLesson struct {
	Primitive  string               `json:"primitive"`
	Variants   []string             `json:"variants"`
	Params     map[string]int       `json:"params"`
	Init       map[string]string    `json:"init"`
	Value      bool                 `json:"value"`
	Submit     string               `json:"submit"`
	FIFO       bool                 `json:"fifo"`
	StepLimit  int                  `json:"step_limit"`
	Coroutines []canonicalCoroutine `json:"coroutines"`
	Source     string               `json:"source,omitempty"`
}

// canonicalCoroutine is one coroutine declaration, its script canonical.
type canonicalCoroutine struct {
	Name   string `json:"name"`
	Count  string `json:"count"`
	Thread string `json:"thread"`
	Script string `json:"script"`
}

// canonicalScript is a script's tokens separated by single spaces, with
// one ';' between statements and none next to a brace: "add 2;wait" and
// "add 2\n wait;" are both "add 2 ; wait". A script that does not tokenize is kept as it
// is (it cannot build anyway).
func canonicalScript(src string) string {
	toks, err := tokenize(src)
	if err != nil {
		return src
	}
	var out []string
	for _, t := range toks {
		prev := ""
		if len(out) > 0 {
			prev = out[len(out)-1]
		}
		switch {
		case t.text == ";" && (prev == "" || prev == ";" || prev == "{" || prev == "}"):
			continue // a leading or repeated separator, or one after a brace
		case t.text == "}" && prev == ";":
			out = out[:len(out)-1] // a separator before a closing brace
		}
		out = append(out, t.text)
	}
	if len(out) > 0 && out[len(out)-1] == ";" {
		out = out[:len(out)-1]
	}
	return strings.Join(out, " ")
}
