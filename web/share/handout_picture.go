package share

import (
	"fmt"
	"html"
	"strings"
	"unicode/utf8"

	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/snapshot"
)

// A handout's pictures are drawn here, on the server, as plain SVG: a
// printed page runs no script. Each shows one state of the machine the
// way the stage reads it, in black and white for a printer: the
// primitive's words and the shared data with their values, the waiter
// lists as chains of awaiters, each coroutine with its state and the
// label it stands at, and each context's num_wait. The SVG has
// presentation attributes only, no style attribute, as the site's
// Content-Security-Policy asks.

// Sizes of a picture, in SVG units (CSS pixels at 1:1). A picture is as
// wide as its longest name and value need, at least picMinW:
// a narrow one prints its type larger in the same width (handout.css).
const (
	picMinW   = 300
	picValueW = 340 // the column of values, at most
	picRow    = 22  // one row of text, 1.375 lines of the font
	picPad    = 6
	picFont   = 16
	picNameW  = 100 // the column of names, at least
	picCharW  = 10  // the advance of one character of the font, at most
	picNodeGp = 26  // the gap between two awaiters, with its arrow
)

// textWidth is the most width t takes in the picture's font: a wide
// character (Chinese) takes two advances.
func textWidth(t string) int {
	w := 0
	for _, r := range t {
		if r >= 0x2E80 {
			w += 2 * picCharW
		} else {
			w += picCharW
		}
	}
	return w
}

// statusWords are a coroutine's states in English and Chinese, as the
// stage says them.
var statusWords = map[outcome.Status][2]string{
	outcome.Running: {"running", "运行中"}, outcome.Runnable: {"in a run queue", "在运行队列中"},
	outcome.Parked: {"parked", "挂起"}, outcome.Done: {"done", "已结束"},
	outcome.Unstarted: {"not spawned yet", "还没有被启动"},
}

// picture draws state s of program p as an SVG element, with title as
// its accessible name.
func picture(p *program.Program, s snapshot.Snapshot, title, lang string) string {
	var rows []string // the body, one drawn row after another
	y := picPad
	// The column of names is as wide as the longest name needs, the
	// column of values as the longest value or state.
	shown := func(ob *program.Object) bool {
		return ob.Kind == program.PrimitiveObject || ob.Kind == program.DataObject
	}
	names, values := textWidth("num_wait"), 0
	for _, c := range s.Cells {
		if shown(&p.Objects[p.Cells[c.Addr].Object]) {
			names, values = max(names, textWidth(c.Name)), max(values, textWidth(c.Value))
		}
	}
	for _, c := range s.Coroutines {
		names, values = max(names, textWidth(coroutineWho(c))), max(values, textWidth(coroutineWhat(c, lang)))
	}
	var counts []string
	for _, c := range s.Cells {
		if ob := &p.Objects[p.Cells[c.Addr].Object]; ob.Kind == program.ContextObject {
			counts = append(counts, ob.Owner+" "+c.Value)
		}
	}
	values = max(values, textWidth(strings.Join(counts, " · ")))
	// An awaiter's box holds the longest name of a coroutine in a list.
	nodeW := 0
	for _, l := range s.Lists {
		if len(l.Nodes) == 0 {
			continue
		}
		names = max(names, textWidth(l.Name+" →"))
		for _, n := range l.Nodes {
			nodeW = max(nodeW, textWidth(n.Coroutine)+24)
		}
		values = max(values, len(l.Nodes)*(nodeW+picNodeGp)-picNodeGp-16)
	}
	nameW := max(picNameW, picPad+4+names+8)
	width := max(picMinW, nameW+min(8+values+8, picValueW)+picPad)
	text := func(x, y int, weight, anchor, t string) string {
		return fmt.Sprintf(`<text x="%d" y="%d" font-weight="%s" text-anchor="%s">%s</text>`, x, y+picRow-6, weight, anchor, html.EscapeString(t))
	}
	rule := func(y int) string {
		return fmt.Sprintf(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000" stroke-width="1"/>`, picPad, y, width-picPad, y)
	}
	for _, c := range s.Cells {
		if !shown(&p.Objects[p.Cells[c.Addr].Object]) {
			continue
		}
		rows = append(rows,
			fmt.Sprintf(`<rect x="%d" y="%d" width="%d" height="%d" fill="#fff" stroke="#000" stroke-width="1.5"/>`, nameW, y+2, width-nameW-picPad, picRow-4),
			text(picPad+4, y, "normal", "start", c.Name), text(nameW+8, y, "bold", "start", c.Value))
		y += picRow
	}
	for _, l := range s.Lists {
		if len(l.Nodes) == 0 {
			continue
		}
		// The list on one row: its name in the column of names, its
		// awaiters in the column of values, as many as fit.
		rows = append(rows, rule(y+1), text(picPad+4, y+2, "normal", "start", l.Name+" →"))
		y += 2
		x := nameW
		for i, n := range l.Nodes {
			if x+nodeW > width-picPad {
				rows = append(rows, text(x, y, "bold", "start", "…"))
				break
			}
			dash := ""
			if !n.Live {
				dash = ` stroke-dasharray="4 3"`
			}
			rows = append(rows, fmt.Sprintf(`<rect x="%d" y="%d" width="%d" height="%d" rx="4" fill="#fff" stroke="#000" stroke-width="2"%s/>`, x, y+1, nodeW, picRow-2, dash),
				text(x+nodeW/2, y, "bold", "middle", n.Coroutine))
			if i < len(l.Nodes)-1 {
				ay := y + picRow/2
				rows = append(rows, fmt.Sprintf(`<path d="M%d %d h%d m-6 -4 l6 4 l-6 4" fill="none" stroke="#000" stroke-width="1.5"/>`, x+nodeW+3, ay, picNodeGp-6))
			}
			x += nodeW + picNodeGp
		}
		y += picRow
	}
	rows = append(rows, rule(y+2))
	y += 4
	for _, c := range s.Coroutines {
		rows = append(rows, text(picPad+4, y, "bold", "start", coroutineWho(c)), text(nameW+8, y, "normal", "start", coroutineWhat(c, lang)))
		y += picRow
	}
	// Each context's num_wait, as many to a row as fit: what keeps a
	// thread from going idle.
	countsTop := y
	room := (width - nameW - picPad - 8) / picCharW // characters to a row
	for line, i := "", 0; i < len(counts); i++ {
		if line == "" {
			line = counts[i]
		} else {
			line += " · " + counts[i]
		}
		if i+1 < len(counts) && utf8.RuneCountInString(line+" · "+counts[i+1]) <= room {
			continue
		}
		if y == countsTop {
			rows = append(rows, text(picPad+4, y, "normal", "start", "num_wait"))
		}
		rows = append(rows, text(nameW+8, y, "normal", "start", line))
		line, y = "", y+picRow
	}
	height := y + picPad
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="handout-picture" viewBox="0 0 %d %d" width="%d" height="%d" role="img" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="%d">`,
		width, height, width, height, picFont)
	fmt.Fprintf(&b, `<title>%s</title><rect x="0.5" y="0.5" width="%d" height="%d" rx="6" fill="#fff" stroke="#000"/>`, html.EscapeString(title), width-1, height-1)
	b.WriteString(strings.Join(rows, ""))
	b.WriteString(`</svg>`)
	return b.String()
}

// coroutineWho names coroutine c in a picture: its name, and its
// thread's when that is another.
func coroutineWho(c snapshot.CoroutineState) string {
	if c.Thread != c.Name {
		return c.Name + " (" + c.Thread + ")"
	}
	return c.Name
}

// coroutineWhat is coroutine c's state in a picture: its status, and the
// operation and label it stands at.
func coroutineWhat(c snapshot.CoroutineState, lang string) string {
	what := statusIn(c.Status, lang)
	if c.Op != "" {
		what += "  " + c.Op + "() · " + c.Label
	}
	return what
}

// statusIn is status st in words of lang.
func statusIn(st outcome.Status, lang string) string {
	w, ok := statusWords[st]
	if !ok {
		return st.String()
	}
	if lang == "zh" {
		return w[1]
	}
	return w[0]
}
