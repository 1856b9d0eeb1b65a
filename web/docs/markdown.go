package docs

import (
	"html"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// newMarkdown returns the Markdown the pages are written in: CommonMark
// with tables and heading attributes ("## Heading {#id}"), raw HTML left
// out, and the docs' own markup for code, tables, notes and links, so that
// a page looks as docs.css expects.
func newMarkdown() goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.Table),
		goldmark.WithParserOptions(parser.WithAttribute()),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(docsRenderer{}, 100))),
	)
}

// docsRenderer renders the nodes whose markup is the docs' own; goldmark's
// HTML renderer does the rest.
type docsRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (docsRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, renderCode)
	reg.Register(ast.KindCodeBlock, renderCode)
	reg.Register(ast.KindBlockquote, renderNote)
	reg.Register(ast.KindLink, renderLink)
	reg.Register(east.KindTable, renderTable)
	reg.Register(east.KindTableHeader, renderTableHeader)
	reg.Register(east.KindTableRow, renderTableRow)
	reg.Register(east.KindTableCell, renderTableCell)
}

// renderCode renders a code block as pseudocode, shown as written, its
// comments set apart.
func renderCode(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		_, _ = w.WriteString(`<pre class="docs-code"><code>`)
		for i, line := range strings.Split(codeText(n, src), "\n") {
			if i > 0 {
				_, _ = w.WriteString("\n")
			}
			code, comment, ok := cutComment(line)
			_, _ = w.WriteString(html.EscapeString(code))
			if ok {
				_, _ = w.WriteString(`<span class="docs-cm">// ` + html.EscapeString(comment) + `</span>`)
			}
		}
		_, _ = w.WriteString("</code></pre>\n")
	}
	return ast.WalkSkipChildren, nil
}

// cutComment splits a line of pseudocode at its comment: "// " at the
// start of the line or after a space, to the end of the line. A comment
// is prose, which a translation translates; the code before it is the
// same in every language.
func cutComment(line string) (code, comment string, ok bool) {
	for i := 0; i+3 <= len(line); i++ {
		if line[i:i+3] == "// " && (i == 0 || line[i-1] == ' ') {
			return line[:i], line[i+3:], true
		}
	}
	return line, "", false
}

// codeComments are the comments of a code block's lines, in order.
func codeComments(n ast.Node, src []byte) []string {
	var out []string
	for _, line := range strings.Split(codeText(n, src), "\n") {
		if _, comment, ok := cutComment(line); ok {
			out = append(out, comment)
		}
	}
	return out
}

// codeText is the text of a code block, without its last newline.
func codeText(n ast.Node, src []byte) string {
	var b strings.Builder
	lines := n.Lines()
	for i := range lines.Len() {
		seg := lines.At(i)
		b.Write(seg.Value(src))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// renderNote renders a blockquote as a note: an aside, a caveat, a
// correction of a common belief.
func renderNote(w util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		_, _ = w.WriteString("<aside class=\"docs-note\">\n")
	} else {
		_, _ = w.WriteString("</aside>\n")
	}
	return ast.WalkContinue, nil
}

// renderLink renders a link whose target is a path, or the slug of a docs
// page (see Href).
func renderLink(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		dest := string(n.(*ast.Link).Destination)
		_, _ = w.WriteString(`<a href="` + html.EscapeString(Href(dest)) + `">`)
	} else {
		_, _ = w.WriteString("</a>")
	}
	return ast.WalkContinue, nil
}

// renderTable renders a table in a box that scrolls when it is too wide.
func renderTable(w util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		_, _ = w.WriteString("<div class=\"docs-table\">\n<table>\n")
	} else {
		_, _ = w.WriteString("</table>\n</div>\n")
	}
	return ast.WalkContinue, nil
}

// renderTableHeader renders the table's heading row.
func renderTableHeader(w util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		_, _ = w.WriteString("<thead>\n<tr>\n")
	} else {
		_, _ = w.WriteString("</tr>\n</thead>\n")
	}
	return ast.WalkContinue, nil
}

// renderTableRow renders a row of the table's body, opening the body
// before the first and closing it after the last.
func renderTableRow(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		if _, first := n.PreviousSibling().(*east.TableHeader); first {
			_, _ = w.WriteString("<tbody>\n")
		}
		_, _ = w.WriteString("<tr>\n")
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString("</tr>\n")
	if n.NextSibling() == nil {
		_, _ = w.WriteString("</tbody>\n")
	}
	return ast.WalkContinue, nil
}

// renderTableCell renders a cell: a column's heading, a row's name (the
// first cell of a body row) or a value.
func renderTableCell(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	tag, open := "td", "<td>"
	switch {
	case n.Parent().Kind() == east.KindTableHeader:
		tag, open = "th", `<th scope="col">`
	case n.PreviousSibling() == nil:
		tag, open = "th", `<th scope="row">`
	}
	if entering {
		_, _ = w.WriteString(open)
	} else {
		_, _ = w.WriteString("</" + tag + ">\n")
	}
	return ast.WalkContinue, nil
}
