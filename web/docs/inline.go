package docs

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// inlineSource writes the inline content of n back as Markdown in one
// line: text, `code`, *emphasis* and [text](target), with targets as
// written. It is what the checks read a piece of prose as.
func inlineSource(n ast.Node, src []byte) string {
	var b strings.Builder
	writeInline(&b, n, src)
	return b.String()
}

// writeInline writes the children of n to b (see inlineSource).
func writeInline(b *strings.Builder, n ast.Node, src []byte) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.CodeSpan:
			b.WriteString("`" + inlineSource(c, src) + "`")
		case *ast.Emphasis:
			mark := strings.Repeat("*", c.Level)
			b.WriteString(mark + inlineSource(c, src) + mark)
		case *ast.Link:
			b.WriteString("[" + inlineSource(c, src) + "](" + string(c.Destination) + ")")
		default:
			writeInline(b, c, src)
		}
	}
}

// checkInline returns the first inline node under n that the docs do not
// allow: raw HTML, an image or an autolink, as an error at its line.
func checkInline(n ast.Node, src []byte, lines lineOf) error {
	var err error
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || err != nil {
			return ast.WalkContinue, nil
		}
		what := ""
		switch c.Kind() {
		case ast.KindRawHTML:
			what = "raw HTML"
		case ast.KindImage:
			what = "an image"
		case ast.KindAutoLink:
			what = "an autolink"
		}
		if what != "" {
			err = fmt.Errorf("%d: %s is not allowed in the docs", lines.of(c, src), what)
		}
		return ast.WalkContinue, nil
	})
	return err
}

// linksIn returns the targets of the links under n, as written.
func linksIn(n ast.Node) []string {
	var out []string
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if l, ok := c.(*ast.Link); ok && entering {
			out = append(out, string(l.Destination))
		}
		return ast.WalkContinue, nil
	})
	return out
}

// renderChildren renders the children of n, inline HTML.
func renderChildren(md goldmark.Markdown, n ast.Node, src []byte) (string, error) {
	var buf bytes.Buffer
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if err := md.Renderer().Render(&buf, src, c); err != nil {
			return "", err
		}
	}
	return buf.String(), nil
}

// prose is a piece of inline Markdown that a directive holds: a step's
// text, a caption.
type prose struct {
	Source string // as checks read it (see inlineSource)
	HTML   string
	Links  []string
}

// parseProse parses s, one paragraph of inline Markdown written at line
// of the file, and renders it.
func parseProse(md goldmark.Markdown, s string, line int) (prose, error) {
	src := []byte(s)
	doc := md.Parser().Parse(text.NewReader(src))
	p, ok := doc.FirstChild().(*ast.Paragraph)
	if !ok || p.NextSibling() != nil {
		return prose{}, fmt.Errorf("%d: %q: want one paragraph of text", line, s)
	}
	if err := checkInline(p, src, lineOf{first: line}); err != nil {
		return prose{}, err
	}
	h, err := renderChildren(md, p, src)
	if err != nil {
		return prose{}, fmt.Errorf("%d: %w", line, err)
	}
	return prose{Source: inlineSource(p, src), HTML: h, Links: linksIn(p)}, nil
}

// lineOf tells positions in a source as lines of the file it came from:
// first is the file's line of the source's first line.
type lineOf struct{ first int }

// at is the line of byte offset off of src.
func (l lineOf) at(src []byte, off int) int {
	off = min(max(off, 0), len(src))
	return l.first + bytes.Count(src[:off], []byte("\n"))
}

// of is the line where node n starts, as near as its segments tell.
func (l lineOf) of(n ast.Node, src []byte) int {
	if f, ok := n.(*ast.FencedCodeBlock); ok && f.Info == nil && f.Lines().Len() > 0 {
		return l.at(src, f.Lines().At(0).Start) - 1 // the fence's line
	}
	off := -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			off = c.Segment.Start
		case *ast.FencedCodeBlock:
			if c.Info != nil {
				off = c.Info.Segment.Start
			}
		}
		if off < 0 && c.Type() != ast.TypeInline && c.Lines().Len() > 0 {
			off = c.Lines().At(0).Start
		}
		if off >= 0 {
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	if off < 0 {
		off = n.Pos()
	}
	return l.at(src, off)
}
