package words

import (
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"lockstep/sim/explore"
	"lockstep/sim/outcome"
)

// TimeLimit is the Stopped of a search that a caller ended at its time
// limit (explore.Result.Stopped names only the engine's own reasons).
const TimeLimit = "time-limit"

// SearchBounds are the bounds a search ran under that its verdict names.
type SearchBounds struct {
	MaxStates        int    // explore.Options.MaxStates
	MaxMemory        int64  // explore.Options.MaxMemory, in bytes
	TimeLimitSeconds int    // the caller's time limit, when Stopped is TimeLimit
	Seed             uint64 // explore.Options.Seed, for a random search
}

// Verdict says in one line, in language lang, what a search of a lesson
// at params, run within b, found: the counterexample of kind lead (or the
// first) and the other kinds found; or that every interleaving is ok; or,
// for a search that is not complete, that it found no bug within which
// bound.
func Verdict(r explore.Result, params map[string]int, lead outcome.Kind, b SearchBounds, lang string) string {
	w := verdictPhrasesOf(lang)
	if len(r.Counterexamples) > 0 {
		first := r.Counterexamples[0]
		var others []string
		for _, c := range r.Counterexamples {
			if c.Kind == lead {
				first = c
			}
		}
		for _, c := range r.Counterexamples {
			if c.Kind != first.Kind {
				others = append(others, w.kind(c.Kind))
			}
		}
		text := w.found(w.kind(first.Kind), first.Steps, first.Preemptions)
		if len(others) > 0 {
			text += w.also(strings.Join(others, w.sep))
		}
		return text
	}
	n, at := w.number(r.Executions), w.params(params)
	if r.Complete {
		reduced := ""
		if r.Reduced {
			reduced = w.reduced
		}
		return w.verified(at, n, reduced)
	}
	switch r.Stopped {
	case "max-preemptions":
		return w.preemptions(n, r.Bound, at)
	case "max-states":
		return w.states(n, at, w.count(big.NewInt(int64(b.MaxStates))))
	case explore.StopMemory:
		return w.memory(n, at, b.MaxMemory>>20)
	case TimeLimit:
		return w.time(n, at, b.TimeLimitSeconds)
	case "canceled":
		return w.canceled(n)
	case "runs":
		return w.random(n, at, b.Seed)
	}
	return w.incomplete(n, at, r.Stopped)
}

// verdictPhrases are the forms of a search's verdict in one language.
type verdictPhrases struct {
	found       func(kind string, steps, preemptions int) string
	also        func(kinds string) string
	sep         string
	verified    func(at string, n number, reduced string) string
	reduced     string
	preemptions func(n number, bound int, at string) string
	memory      func(n number, at string, mib int64) string
	states      func(n number, at, limit string) string
	time        func(n number, at string, seconds int) string
	canceled    func(n number) string
	random      func(n number, at string, seed uint64) string
	incomplete  func(n number, at, why string) string
	kind        func(k outcome.Kind) string
	params      func(p map[string]int) string
	about       string // before a shortened count: "about "
}

// number is a count of executions as a verdict writes it, and whether it
// is exactly one (for the English plural).
type number struct {
	text string
	one  bool
}

// exactDigits is the most digits a count is written with in full; a
// longer one is shortened to three significant digits.
const exactDigits = 15

// Count writes n in language lang as a verdict does: in full with its
// thousands grouped, up to exactDigits digits; a longer count shortened,
// as "about 1.23×10⁴⁵". A nil n counts none.
func Count(n *big.Int, lang string) string { return verdictPhrasesOf(lang).count(n) }

// verdictPhrasesOf is lang's verdict phrases, English for a language
// without its own.
func verdictPhrasesOf(lang string) *verdictPhrases {
	if w := verdictWords[lang]; w != nil {
		return w
	}
	return verdictWords["en"]
}

func (w *verdictPhrases) number(n *big.Int) number {
	return number{text: w.count(n), one: n != nil && n.IsInt64() && n.Int64() == 1}
}

func (w *verdictPhrases) count(n *big.Int) string {
	s := "0"
	if n != nil {
		s = n.String()
	}
	if len(s) > exactDigits && s[0] != '-' {
		return w.about + s[:1] + "." + s[1:3] + "×10" + superscript(len(s)-1)
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// superscript writes n in superscript digits.
func superscript(n int) string {
	const digits = "⁰¹²³⁴⁵⁶⁷⁸⁹"
	var b strings.Builder
	for _, c := range strconv.Itoa(n) {
		i := int(c - '0')
		b.WriteString(string([]rune(digits)[i]))
	}
	return b.String()
}

// paramsList is "waiters=1, workers=1", the parameters by name.
func paramsList(p map[string]int) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(p)) {
		parts = append(parts, fmt.Sprintf("%s=%d", k, p[k]))
	}
	return strings.Join(parts, ", ")
}

// verdictWords holds the verdict's forms by language. A constant table:
// nothing writes to it.
var verdictWords = map[string]*verdictPhrases{
	"en": {
		found: func(kind string, steps, pre int) string {
			return fmt.Sprintf("found %s in %d steps with %d %s", kind, steps, pre, pluralEN(pre, "preemption"))
		},
		also: func(kinds string) string { return "; also found " + kinds },
		sep:  ", ",
		verified: func(at string, n number, reduced string) string {
			return fmt.Sprintf("verified: every interleaving of this lesson%s: %s%s, no bug", at, executionsEN(n, ""), reduced)
		},
		// The search takes alone the steps no other thread can see, so
		// orders of them that cannot differ are one execution.
		reduced: ", counting as one the orders of steps no other thread can see",
		preemptions: func(n number, bound int, at string) string {
			return fmt.Sprintf("no bug in %s with at most %d %s%s; executions with more preemptions were not searched",
				executionsEN(n, ""), bound, pluralEN(bound, "preemption"), at)
		},
		states: func(n number, at, limit string) string {
			return fmt.Sprintf("no bug in %s searched%s; the search stopped at its bound of %s states and is not complete", executionsEN(n, ""), at, limit)
		},
		memory: func(n number, at string, mib int64) string {
			return fmt.Sprintf("no bug in %s searched%s; the search stopped at its memory budget of %d MB and is not complete", executionsEN(n, ""), at, mib)
		},
		time: func(n number, at string, sec int) string {
			return fmt.Sprintf("no bug in %s searched%s; the search stopped at its time limit of %d s and is not complete",
				executionsEN(n, ""), at, sec)
		},
		canceled: func(n number) string {
			return fmt.Sprintf("canceled: no bug in %s searched so far", executionsEN(n, ""))
		},
		random: func(n number, at string, seed uint64) string {
			return fmt.Sprintf("no bug in %s%s; a random search (seed %d) is never complete", executionsEN(n, "random "), at, seed)
		},
		incomplete: func(n number, at, why string) string {
			return fmt.Sprintf("no bug in %s searched%s; the search is not complete (%s)", executionsEN(n, ""), at, why)
		},
		kind: func(k outcome.Kind) string { return string(k) },
		params: func(p map[string]int) string {
			if len(p) == 0 {
				return ""
			}
			return " (" + paramsList(p) + ")"
		},
		about: "about ",
	},
	"zh": {
		found: func(kind string, steps, pre int) string {
			return fmt.Sprintf("发现%s：%d 步，%d 次抢占", kind, steps, pre)
		},
		also: func(kinds string) string { return "；另外还发现" + kinds },
		sep:  "、",
		verified: func(at string, n number, reduced string) string {
			return fmt.Sprintf("已验证：本课%s的每一种交错都没有缺陷（%s 次执行%s）", at, n.text, reduced)
		},
		reduced: "；其他线程看不到的步骤，先后顺序不同也只算一次",
		preemptions: func(n number, bound int, at string) string {
			return fmt.Sprintf("在至多 %d 次抢占的 %s 次执行中没有发现缺陷%s；抢占更多的执行没有搜索", bound, n.text, at)
		},
		states: func(n number, at, limit string) string {
			return fmt.Sprintf("在搜索过的 %s 次执行中没有发现缺陷%s；搜索达到 %s 个状态的上限而停止，并不完整", n.text, at, limit)
		},
		memory: func(n number, at string, mib int64) string {
			return fmt.Sprintf("在搜索过的 %s 次执行中没有发现缺陷%s；搜索达到 %d MB 的内存预算而停止，并不完整", n.text, at, mib)
		},
		time: func(n number, at string, sec int) string {
			return fmt.Sprintf("在搜索过的 %s 次执行中没有发现缺陷%s；搜索达到 %d 秒的时间上限而停止，并不完整", n.text, at, sec)
		},
		canceled: func(n number) string {
			return fmt.Sprintf("已取消：到目前为止搜索过的 %s 次执行中没有发现缺陷", n.text)
		},
		random: func(n number, at string, seed uint64) string {
			return fmt.Sprintf("在 %s 次随机执行中没有发现缺陷%s；随机搜索（种子 %d）永远不完整", n.text, at, seed)
		},
		incomplete: func(n number, at, why string) string {
			return fmt.Sprintf("在搜索过的 %s 次执行中没有发现缺陷%s；搜索并不完整（%s）", n.text, at, why)
		},
		kind: func(k outcome.Kind) string { return KindName(k, "zh") + "（" + string(k) + "）" },
		params: func(p map[string]int) string {
			if len(p) == 0 {
				return ""
			}
			return "（" + paramsList(p) + "）"
		},
		about: "约 ",
	},
}

// executionsEN is n executions, "1 execution", with adjective (and its
// space) before the noun.
func executionsEN(n number, adjective string) string {
	if n.one {
		return n.text + " " + adjective + "execution"
	}
	return n.text + " " + adjective + "executions"
}

// pluralEN is noun, with an s unless n is 1.
func pluralEN(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}
