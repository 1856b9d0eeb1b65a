package docs

import (
	"strings"
	"testing"
	"testing/fstest"

	"lockstep/templates"
)

// TestProse checks the inline markup that steps and captions are written
// in, and that the rest of a page's prose shares: code, and links whose
// target is a path or a slug.
func TestProse(t *testing.T) {
	md := newMarkdown()
	tests := []struct{ in, html string }{
		{"plain", "plain"},
		{"a `b` c", "a <code>b</code> c"},
		{"see [B5](b5-lost-wakeup).", `see <a href="/docs/b5-lost-wakeup">B5</a>.`},
		{"[the fix](wait-group#fix)", `<a href="/docs/wait-group#fix">the fix</a>`},
		{"[`m_state`](event#state)", `<a href="/docs/event#state"><code>m_state</code></a>`},
		{"[home](/)", `<a href="/">home</a>`},
		{"B7, [`add()` never wakes](b7)", `B7, <a href="/docs/b7"><code>add()</code> never wakes</a>`},
		{"unclosed `code", "unclosed `code"},
		{"not [a link] (x)", "not [a link] (x)"},
		{"a < b & c", "a &lt; b &amp; c"},
		{"中文 `代码`。", "中文 <code>代码</code>。"},
	}
	for _, tt := range tests {
		p, err := parseProse(md, tt.in, 1)
		if err != nil {
			t.Errorf("parseProse(%q): %v", tt.in, err)
			continue
		}
		if p.HTML != tt.html {
			t.Errorf("parseProse(%q).HTML = %q; want %q", tt.in, p.HTML, tt.html)
		}
		if p.Source != tt.in {
			t.Errorf("parseProse(%q).Source = %q; want it as written", tt.in, p.Source)
		}
	}
	for _, bad := range []string{"", "- a list", "two\n\nparagraphs", "<b>raw</b>", "![img](x.png)"} {
		if _, err := parseProse(md, bad, 1); err == nil {
			t.Errorf("parseProse(%q): no error", bad)
		}
	}
}

// TestBlocksRender checks the markup of each kind of block: what docs.css
// styles, as the template rendered it before the pages were Markdown.
func TestBlocksRender(t *testing.T) {
	s, err := LoadFS(goodSite())
	if err != nil {
		t.Fatal(err)
	}
	prim, _ := s.Page("prim", EN)
	bug, _ := s.Page("bug", EN)
	urls := func(st *Stepper, lang string) (string, string) {
		return "/embed/" + st.Lesson + "?lang=" + lang, "/lesson/" + st.Lesson
	}
	got := prim.View(urls)
	want := []templates.DocsSection{
		{ID: "state", HeadingHTML: "The state", Blocks: []templates.DocsBlock{
			{HTML: "<p>One word, see <a href=\"/docs/bug#fix\">the bug</a>.</p>\n"},
			{HTML: "<div class=\"docs-table\">\n<table>\n<thead>\n<tr>\n<th scope=\"col\">word</th>\n<th scope=\"col\">meaning</th>\n</tr>\n</thead>\n" +
				"<tbody>\n<tr>\n<th scope=\"row\"><code>x</code></th>\n<td>the count</td>\n</tr>\n</tbody>\n</table>\n</div>\n"},
		}},
		{ID: "try", HeadingHTML: "Try it", Blocks: []templates.DocsBlock{
			{Embed: &templates.DocsEmbed{Src: "/embed/l?lang=en", Title: "Live stepper", CaptionHTML: "T is at <code>A1</code>.",
				OpenHref: "/lesson/l", Height: DefaultHeight}},
		}},
	}
	checkView(t, got, want)
	got = bug.View(urls)
	want = []templates.DocsSection{
		{ID: "fix", HeadingHTML: "The fix", Blocks: []templates.DocsBlock{
			{HTML: "<pre class=\"docs-code\"><code>F1   fix it</code></pre>\n"},
			{Steps: []templates.DocsStep{{Thread: "T", Label: "A1", TextHTML: "Does <code>a</code>."}, {Thread: "T", TextHTML: "Resumes."}}},
			{HTML: "<aside class=\"docs-note\">\n<p>A note.</p>\n</aside>\n"},
		}},
	}
	checkView(t, got, want)
}

// checkView compares two views of a page, section by section.
func checkView(t *testing.T, got, want []templates.DocsSection) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d sections; want %d", len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.ID != w.ID || g.HeadingHTML != w.HeadingHTML || len(g.Blocks) != len(w.Blocks) {
			t.Errorf("section %d: %q %q with %d blocks; want %q %q with %d", i, g.ID, g.HeadingHTML, len(g.Blocks), w.ID, w.HeadingHTML, len(w.Blocks))
			continue
		}
		for j := range w.Blocks {
			gb, wb := g.Blocks[j], w.Blocks[j]
			if gb.HTML != wb.HTML || !equalSteps(gb.Steps, wb.Steps) || (gb.Embed == nil) != (wb.Embed == nil) || gb.Embed != nil && *gb.Embed != *wb.Embed {
				t.Errorf("%s, block %d:\n got %q %+v %+v\nwant %q %+v %+v", w.ID, j, gb.HTML, gb.Steps, gb.Embed, wb.HTML, wb.Steps, wb.Embed)
			}
		}
	}
}

func equalSteps(a, b []templates.DocsStep) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestCodeIsEscaped checks that pseudocode is shown as written, and that
// the last newline of a code block is not part of it.
func TestCodeIsEscaped(t *testing.T) {
	fsys := goodSite()
	for _, f := range []string{"en/bug.md", "zh/bug.md"} {
		fsys[f].Data = []byte(strings.Replace(string(fsys[f].Data), "F1   fix it", "F1   if a < b && *p: `x`\n\n     <T>", 1))
	}
	s, err := LoadFS(fsys)
	if err != nil {
		t.Fatal(err)
	}
	pg, _ := s.Page("bug", ZH)
	want := "<pre class=\"docs-code\"><code>F1   if a &lt; b &amp;&amp; *p: `x`\n\n     &lt;T&gt;</code></pre>\n"
	if got := pg.Sections[0].Blocks[0].HTML; got != want {
		t.Errorf("code renders as %q; want %q", got, want)
	}
}

func TestKicker(t *testing.T) {
	pg := &Page{Group: Bugs, Bugs: []string{"B1", "B2"}, Lang: EN}
	if got, want := pg.Kicker(), "Bug B1 · B2"; got != want {
		t.Errorf("Kicker(en) = %q; want %q", got, want)
	}
	pg.Lang = ZH
	if got, want := pg.Kicker(), "缺陷 B1 · B2"; got != want {
		t.Errorf("Kicker(zh) = %q; want %q", got, want)
	}
	prim := &Page{Group: Primitives, Lang: ZH}
	if got, want := prim.Kicker(), "原语"; got != want {
		t.Errorf("Kicker(zh) of a primitive = %q; want %q", got, want)
	}
}

// TestCodeCommentsAreTranslated gives a code block a comment in English
// and in Chinese: each page renders its own, set apart, and the check of
// translations takes the comment for prose; a translation that changes
// the code before it, or drops the comment, still fails.
func TestCodeCommentsAreTranslated(t *testing.T) {
	with := func(en, zh string) fstest.MapFS {
		fsys := goodSite()
		fsys["en/bug.md"].Data = []byte(strings.Replace(string(fsys["en/bug.md"].Data), "F1   fix it", en, 1))
		fsys["zh/bug.md"].Data = []byte(strings.Replace(string(fsys["zh/bug.md"].Data), "F1   fix it", zh, 1))
		return fsys
	}
	s, err := LoadFS(with("F1   fix it    // the <fix>", "F1   fix it    // 修复"))
	if err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[string]string{
		EN: "<pre class=\"docs-code\"><code>F1   fix it    <span class=\"docs-cm\">// the &lt;fix&gt;</span></code></pre>\n",
		ZH: "<pre class=\"docs-code\"><code>F1   fix it    <span class=\"docs-cm\">// 修复</span></code></pre>\n",
	} {
		pg, _ := s.Page("bug", lang)
		if got := pg.Sections[0].Blocks[0].HTML; got != want {
			t.Errorf("%s: code renders as %q; want %q", lang, got, want)
		}
		if got := pg.Sections[0].Blocks[0].Texts; len(got) != 1 {
			t.Errorf("%s: the code's texts are %q; want its comment", lang, got)
		}
	}
	for _, tt := range []struct{ name, zh string }{
		{"other code", "F1   fix this  // 修复"},
		{"no comment", "F1   fix it"},
	} {
		if _, err := LoadFS(with("F1   fix it    // the fix", tt.zh)); err == nil || !strings.Contains(err.Error(), "does not match the English") {
			t.Errorf("%s: LoadFS = %v; want the code block not to match the English", tt.name, err)
		}
	}
}
