package lang

import (
	"slices"
	"strings"

	"lockstep/primitives"
	"lockstep/primitives/lang/graph"
)

// lines are the lines of code of an operation's steps, as the playground
// lists an operation (primitives.Operation.Lines): each label the
// operation reaches from entry once, in source order, with the source
// line of its statement, without its label and comment.
func (l *lowerer) lines(g *graph.Graph, entry int) []primitives.Line {
	type at struct{ line, pc int }
	var pts []at
	seen := map[int]bool{}
	for _, n := range graph.Reachable(g, entry) {
		nd := &g.Nodes[n]
		if !nd.Access || seen[nd.Label] {
			continue
		}
		seen[nd.Label] = true
		pts = append(pts, at{nd.Pos.Line, nd.PC})
	}
	slices.SortFunc(pts, func(a, b at) int { return a.line - b.line })
	src := strings.Split(l.d.src, "\n")
	out := make([]primitives.Line, 0, len(pts))
	for _, p := range pts {
		code := ""
		if p.line >= 1 && p.line <= len(src) {
			code = codeOf(src[p.line-1])
		}
		out = append(out, primitives.Line{Label: p.pc, Code: code})
	}
	return out
}

// codeOf is a source line's statement: without its label ("G3:"), its
// comment and the space around it.
func codeOf(line string) string {
	if i := strings.Index(line, "//"); i >= 0 {
		line = line[:i]
	}
	line = strings.TrimSpace(line)
	if i := strings.IndexByte(line, ':'); i > 0 && isLabel(line[:i]) && !strings.HasPrefix(line[i:], "::") {
		line = strings.TrimSpace(line[i+1:])
	}
	return line
}

// isLabel reports whether s is written like a label: a letter, then
// letters, digits, '_' or '.'.
func isLabel(s string) bool {
	for i, r := range s {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || !(r >= '0' && r <= '9' || r == '_' || r == '.')) {
			return false
		}
	}
	return s != ""
}
