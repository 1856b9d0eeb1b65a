package words

import (
	"fmt"
	"strings"
	"testing"
	"unicode"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/schedule"
)

// TestMessageFormsCoverEveryKind holds the table to the vocabulary: every
// outcome kind has a Chinese form.
func TestMessageFormsCoverEveryKind(t *testing.T) {
	for _, k := range outcome.Kinds {
		found := false
		for key, f := range messageForms {
			if key.kind != k {
				continue
			}
			found = true
			if f.zh == nil {
				t.Errorf("%s/%s has no Chinese form", k, key.reason)
			}
		}
		if !found {
			t.Errorf("kind %s has no message form", k)
		}
		if KindName(k, "zh") == string(k) && k != outcome.Panic {
			t.Errorf("kind %s has no Chinese name", k)
		}
	}
}

// TestMessagesOfEveryLesson runs every lesson's schedules, in every
// variant, and seeded random runs, and says every finding and every
// blocked thread in both languages: the English form is what the engine
// says, and the Chinese one leaves no English sentence behind.
func TestMessagesOfEveryLesson(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[messageKey]bool{}
	check := func(t *testing.T, m *sim.Machine) {
		t.Helper()
		outs := m.Findings()
		if o := m.Outcome(); o.Kind != "" {
			outs = append(outs, o)
		}
		for _, o := range outs {
			seen[messageKey{o.Kind, o.Detail.Reason}] = true
			checkMessage(t, o)
		}
		for th := range m.Program().Threads {
			if en := Blocked(m.Blocked(th), "en"); en != m.Why(th) {
				t.Errorf("thread %d: blocked says %q; the engine says %q", th, en, m.Why(th))
			}
			checkChinese(t, Blocked(m.Blocked(th), "zh"))
		}
	}
	for _, l := range cat.All() {
		for _, v := range l.Variants {
			p, err := l.Build(v, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, sc := range l.Schedules {
				sched, err := schedule.Parse(sc.For(v))
				if err != nil {
					t.Fatal(err)
				}
				m, _, _ := sim.ReplaySchedule(p, sched, sim.Options{Record: true, Memory: sc.MemoryModel()}) // a schedule may stop early on another variant
				t.Run(fmt.Sprintf("%s/%s/%s", l.ID, v, sc.Name), func(t *testing.T) { check(t, m) })
			}
			for seed := range uint64(8) {
				m := sim.New(p, sim.Options{Record: true})
				_, _ = sim.Run(m, sim.NewRandom(seed)) // Random never fails
				t.Run(fmt.Sprintf("%s/%s/random-%d", l.ID, v, seed), func(t *testing.T) { check(t, m) })
			}
		}
	}
	for _, k := range outcome.Kinds {
		reached := false
		for key := range seen {
			reached = reached || key.kind == k
		}
		if !reached {
			t.Logf("no lesson run reaches a %s outcome", k)
		}
	}
}

// checkMessage checks one outcome: it has a Chinese form, the English page
// shows the engine's message, and the Chinese one is not that message.
func checkMessage(t *testing.T, o outcome.Outcome) {
	t.Helper()
	if _, ok := messageForms[messageKey{o.Kind, o.Detail.Reason}]; !ok {
		t.Errorf("%s/%s has no form: %q", o.Kind, o.Detail.Reason, o.Message)
		return
	}
	if en := Outcome(o, "en"); en != o.Message {
		t.Errorf("%s/%s in English is %q, not the engine's %q", o.Kind, o.Detail.Reason, en, o.Message)
	}
	zh := Outcome(o, "zh")
	if zh == o.Message {
		t.Errorf("%s/%s in Chinese is the English message %q", o.Kind, o.Detail.Reason, zh)
	}
	checkChinese(t, zh)
}

// checkChinese fails t when text has a clause of English words: every
// clause (between Chinese punctuation) of two words or more must hold a
// Chinese character. Go's own messages, quoted in 「」, are exempt.
func checkChinese(t *testing.T, text string) {
	t.Helper()
	if strings.Contains(text, "%!") {
		t.Errorf("%q has a formatting error", text)
	}
	for {
		i := strings.Index(text, "「")
		j := strings.Index(text, "」")
		if i < 0 || j < i {
			break
		}
		text = text[:i] + text[j+len("」"):]
	}
	clauses := strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune("。；：，、（）", r) })
	for _, c := range clauses {
		if len(strings.Fields(c)) < 2 {
			continue // a name, a label, a value
		}
		han := false
		for _, r := range c {
			han = han || unicode.Is(unicode.Han, r)
		}
		if !han && englishWords(c) >= 2 {
			t.Errorf("%q: the clause %q is left in English", text, c)
		}
	}
}

// englishWords counts the lowercase words of two letters or more in s
// that are not names of code ("m_count", "num_wait=1").
func englishWords(s string) int {
	n := 0
	for _, w := range strings.Fields(s) {
		letters := true
		for _, r := range w {
			letters = letters && r >= 'a' && r <= 'z'
		}
		if letters && len(w) >= 2 {
			n++
		}
	}
	return n
}
