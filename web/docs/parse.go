package docs

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// reader reads page files, in the Markdown they are written in.
type reader struct{ md goldmark.Markdown }

// parsePage reads the page file at path ("en/event.md"), in language lang,
// whose name says its slug. It returns every problem it finds, each as
// "path:line: what".
func (p reader) parsePage(path, lang, slug string, src []byte) (*Page, error) {
	pg := &Page{Lang: lang, File: path}
	fm, body, bodyLine, err := splitFrontMatter(src)
	if err != nil {
		return nil, fmt.Errorf("%s:%w", path, err)
	}
	errs := parseFrontMatter(pg, fm)
	if pg.Slug != "" && pg.Slug != slug {
		errs = append(errs, fmt.Errorf("1: the slug is %q but the file is %s.md; they must agree", pg.Slug, slug))
	}
	errs = append(errs, p.parseBody(pg, body, lineOf{first: bodyLine + 1})...)
	if len(errs) > 0 {
		for i, e := range errs {
			errs[i] = fmt.Errorf("%s:%w", path, e)
		}
		return nil, errors.Join(errs...)
	}
	return pg, nil
}

// parseBody reads the sections of a page's body into pg.
func (p reader) parseBody(pg *Page, body []byte, lines lineOf) []error {
	doc := p.md.Parser().Parse(text.NewReader(body))
	var errs []error
	ids := map[string]int{}
	failed := map[int]bool{} // the sections with a block that failed
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		line := lines.of(n, body)
		if h, ok := n.(*ast.Heading); ok {
			s, err := p.section(h, body, lines, line)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if at, dup := ids[s.ID]; dup {
				errs = append(errs, fmt.Errorf("%d: section id %q is used twice (first at line %d)", line, s.ID, at))
			}
			ids[s.ID] = line
			pg.Sections = append(pg.Sections, s)
			continue
		}
		if len(pg.Sections) == 0 {
			errs = append(errs, fmt.Errorf("%d: text before the first section; the body is sections, each starting with \"## Heading {#id}\"", line))
			continue
		}
		b, err := p.block(n, body, lines, line)
		if err != nil {
			errs = append(errs, err)
			failed[len(pg.Sections)-1] = true
			continue
		}
		s := &pg.Sections[len(pg.Sections)-1]
		s.Blocks = append(s.Blocks, b)
	}
	if len(pg.Sections) == 0 && len(errs) == 0 {
		errs = append(errs, fmt.Errorf("%d: the page has no sections", lines.first))
	}
	for i, s := range pg.Sections {
		if len(s.Blocks) == 0 && !failed[i] {
			errs = append(errs, fmt.Errorf("%d: section %q is empty", s.Line, s.ID))
		}
	}
	return errs
}

// section reads the heading that starts a section: "## Heading {#id}".
func (p reader) section(h *ast.Heading, src []byte, lines lineOf, line int) (Section, error) {
	if h.Level != 2 {
		return Section{}, fmt.Errorf("%d: a level-%d heading; sections start with \"## Heading {#id}\", and the title is in the front matter", line, h.Level)
	}
	heading := inlineSource(h, src)
	v, ok := h.AttributeString("id")
	id, _ := v.([]byte)
	if !ok || len(id) == 0 {
		return Section{}, fmt.Errorf("%d: \"## %s\" has no id: write \"## %s {#id}\"", line, heading, heading)
	}
	if !isSlug(string(id)) {
		return Section{}, fmt.Errorf("%d: section id %q: want lowercase letters, digits and '-'", line, id)
	}
	if err := checkInline(h, src, lines); err != nil {
		return Section{}, err
	}
	html, err := renderChildren(p.md, h, src)
	if err != nil {
		return Section{}, fmt.Errorf("%d: %w", line, err)
	}
	return Section{ID: string(id), Heading: heading, HeadingHTML: html, Line: line}, nil
}

// block reads one block of a section, which starts at line.
func (p reader) block(n ast.Node, src []byte, lines lineOf, line int) (Block, error) {
	b := Block{Line: line}
	switch n := n.(type) {
	case *ast.FencedCodeBlock:
		info := ""
		if n.Info != nil {
			info = strings.TrimSpace(string(n.Info.Segment.Value(src)))
		}
		switch info {
		case "":
			b.Kind = CodeBlock
		case "stepper", "steps":
			return p.directive(info, n, src, lines, line)
		default:
			return b, fmt.Errorf("%d: a code block marked %q; mark none for pseudocode, or stepper or steps for a directive", line, info)
		}
	case *ast.CodeBlock:
		b.Kind = CodeBlock
	case *ast.Paragraph:
		b.Kind = Paragraph
	case *ast.List:
		b.Kind = List
	case *ast.Blockquote:
		b.Kind = Note
	case *east.Table:
		b.Kind = Table
	default:
		return b, fmt.Errorf("%d: %s is not one of the docs' blocks (paragraphs, lists, tables, code, notes, stepper and steps)", line, n.Kind())
	}
	if err := checkInline(n, src, lines); err != nil {
		return b, err
	}
	var buf bytes.Buffer
	if err := p.md.Renderer().Render(&buf, src, n); err != nil {
		return b, fmt.Errorf("%d: %w", line, err)
	}
	b.HTML, b.Texts, b.Links, b.shape = buf.String(), textsIn(n, src), linksIn(n), skeleton(n, src)
	if n.Kind() == ast.KindFencedCodeBlock || n.Kind() == ast.KindCodeBlock {
		b.Texts = codeComments(n, src)
	}
	return b, nil
}

// directive reads a ```stepper or ```steps block.
func (p reader) directive(kind string, n *ast.FencedCodeBlock, src []byte, lines lineOf, line int) (Block, error) {
	var dl []directiveLine
	for i := range n.Lines().Len() {
		seg := n.Lines().At(i)
		dl = append(dl, directiveLine{
			text: strings.TrimRight(string(seg.Value(src)), "\r\n"),
			line: lines.at(src, seg.Start),
		})
	}
	b := Block{Line: line}
	if kind == "stepper" {
		s, caption, err := parseStepper(p.md, dl, line)
		if err != nil {
			return b, err
		}
		b.Kind, b.Stepper, b.Texts, b.Links, b.shape = LiveStepper, s, []string{s.Title, s.Caption}, caption.Links, stepperShape(s)
		return b, nil
	}
	st, links, err := parseSteps(p.md, dl, line)
	if err != nil {
		return b, err
	}
	b.Kind, b.Steps, b.Links, b.shape = StepTable, st, links, stepsShape(st)
	for _, r := range st.Rows {
		b.Texts = append(b.Texts, r.Text)
	}
	return b, nil
}

// textsIn returns the prose under n: the inline content of every
// paragraph, list item, table cell and heading, in order.
func textsIn(n ast.Node, src []byte) []string {
	var out []string
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c.Kind() {
		case ast.KindParagraph, ast.KindTextBlock, ast.KindHeading, east.KindTableCell:
			out = append(out, inlineSource(c, src))
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return out
}

// skeleton is the structure of a Markdown block, without its prose: its
// nested blocks, its links' targets, and a code block's text but its
// comments' words (cutComment), which is the same in every language.
func skeleton(n ast.Node, src []byte) string {
	if n.Kind() == ast.KindFencedCodeBlock || n.Kind() == ast.KindCodeBlock {
		var b strings.Builder
		b.WriteString("code")
		for _, line := range strings.Split(codeText(n, src), "\n") {
			code, _, ok := cutComment(line)
			b.WriteString("\n" + strings.TrimRight(code, " "))
			if ok {
				b.WriteString(" //")
			}
		}
		return b.String()
	}
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		switch {
		case c.Kind() == ast.KindLink:
			if entering {
				fmt.Fprintf(&b, " link(%s)", c.(*ast.Link).Destination)
			}
		case c.Type() == ast.TypeInline:
		case entering:
			b.WriteString(" " + c.Kind().String() + "(")
		default:
			b.WriteString(")")
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}
