package docs

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

// The pages of a small site that reads without a problem: a primitive and
// a bug, each in English and Chinese. The tests break one thing at a time.

const enPrimitive = `---
slug: prim
order: 1
group: primitives
bugs: B1
title: prim
summary: A primitive.
---

## The state {#state}

One word, see [the bug](bug#fix).

| word | meaning |
| --- | --- |
| ` + "`x`" + ` | the count |

## Try it {#try}

` + "```stepper" + `
lesson: l
schedule: s
step: 2
thread: T
label: A1
title: Live stepper
caption: T is at ` + "`A1`" + `.
` + "```" + `
`

const zhPrimitive = `---
slug: prim
order: 1
group: primitives
bugs: B1
title: prim
summary: 一个原语。
---

## 状态 {#state}

一个字，见[缺陷](bug#fix)。

| 字 | 含义 |
| --- | --- |
| ` + "`x`" + ` | 计数 |

## 试试 {#try}

` + "```stepper" + `
lesson: l
schedule: s
step: 2
thread: T
label: A1
title: 交互演示
caption: T 在 ` + "`A1`" + `。
` + "```" + `
`

const enBug = `---
slug: bug
order: 2
group: bugs
bugs: B1
title: The bug
summary: It breaks.
---

## The fix {#fix}

` + "```" + `
F1   fix it
` + "```" + `

` + "```steps" + `
lesson: l
schedule: s
outcome: ok

T | A1 | Does ` + "`a`" + `.
T |    | Resumes.
` + "```" + `

> A note.
`

const zhBug = `---
slug: bug
order: 2
group: bugs
bugs: B1
title: 缺陷
summary: 它出错了。
---

## 修复 {#fix}

` + "```" + `
F1   fix it
` + "```" + `

` + "```steps" + `
lesson: l
schedule: s
outcome: ok

T | A1 | 执行 ` + "`a`" + `。
T |    | 恢复。
` + "```" + `

> 注意。
`

// goodSite returns the small site's files.
func goodSite() fstest.MapFS {
	return fstest.MapFS{
		"en/prim.md": {Data: []byte(enPrimitive)},
		"zh/prim.md": {Data: []byte(zhPrimitive)},
		"en/bug.md":  {Data: []byte(enBug)},
		"zh/bug.md":  {Data: []byte(zhBug)},
	}
}

func TestGoodSiteLoads(t *testing.T) {
	s, err := LoadFS(goodSite())
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range langs() {
		pages := s.Pages(lang)
		if len(pages) != 2 || pages[0].Slug != "prim" || pages[1].Slug != "bug" {
			t.Fatalf("%s: pages %v; want prim, bug", lang, pages)
		}
	}
	pg, err := s.Page("bug", ZH)
	if err != nil || pg.Title != "缺陷" || pg.Lang != ZH {
		t.Fatalf("Page(bug, zh) = %+v, %v", pg, err)
	}
	st := pg.Runs()[0]
	if *st.Run != (Run{Lesson: "l", Schedule: "s", Outcome: "ok"}) || len(st.Rows) != 2 || st.Rows[1] != (Step{Thread: "T", Text: "恢复。", TextHTML: "恢复。"}) {
		t.Errorf("steps %+v %+v", st.Run, st.Rows)
	}
	e := s.pages["prim"][EN].Steppers()[0]
	want := Stepper{Lesson: "l", Schedule: "s", Step: 2, Thread: "T", Label: "A1", Title: "Live stepper",
		Caption: "T is at `A1`.", CaptionHTML: "T is at <code>A1</code>.", Height: DefaultHeight}
	if *e != want {
		t.Errorf("stepper %+v; want %+v", *e, want)
	}
}

// TestBrokenContentFails breaks the small site one way at a time and
// checks that LoadFS says so, at the right file and line.
func TestBrokenContentFails(t *testing.T) {
	tests := []struct {
		name, file, old, new string
		want                 string // in the error
	}{
		// front matter
		{"no front matter", "en/bug.md", "---\nslug: bug", "slug: bug", "en/bug.md:1: a page starts with front matter"},
		{"unclosed front matter", "en/bug.md", "summary: It breaks.\n---", "summary: It breaks.\n--", "no closing"},
		{"unknown key", "en/bug.md", "title: The bug", "titel: The bug", `en/bug.md:6: unknown key "titel"`},
		{"missing key", "zh/bug.md", "summary: 它出错了。\n", "", `zh/bug.md:1: the front matter has no "summary"`},
		{"key twice", "en/bug.md", "order: 2\n", "order: 2\norder: 3\n", `en/bug.md:4: "order" is given twice`},
		{"bad group", "en/bug.md", "group: bugs", "group: bug", `en/bug.md:4: group "bug"`},
		{"bad order", "en/bug.md", "order: 2", "order: second", `en/bug.md:3: order "second"`},
		{"bad bug id", "en/bug.md", "bugs: B1", "bugs: b1", `bug "b1"`},
		{"bug page without bugs", "en/bug.md", "bugs: B1\n", "", "names its bugs"},
		{"slug not the file", "en/bug.md", "slug: bug", "slug: bugs", `the slug is "bugs" but the file is bug.md`},
		{"bad slug", "en/bug.md", "slug: bug", "slug: Bug", `slug "Bug"`},
		// sections
		{"heading without id", "en/bug.md", "## The fix {#fix}", "## The fix", `en/bug.md:10: "## The fix" has no id`},
		{"level-1 heading", "en/bug.md", "## The fix {#fix}", "# The fix {#fix}", "a level-1 heading"},
		{"level-3 heading", "en/bug.md", "> A note.", "### More {#more}", "a level-3 heading"},
		{"text before sections", "en/bug.md", "---\n\n## The fix", "---\n\nHello.\n\n## The fix", `en/bug.md:10: text before the first section`},
		{"id twice", "en/prim.md", "{#try}", "{#state}", `section id "state" is used twice`},
		{"empty section", "en/prim.md", "## Try it {#try}", "## Empty {#empty}\n\n## Try it {#try}", `section "empty" is empty`},
		{"raw HTML", "en/prim.md", "One word,", "One <b>word</b>,", "raw HTML is not allowed"},
		{"html block", "en/prim.md", "One word,", "<div>\n\nOne word,", "HTMLBlock is not one of the docs' blocks"},
		{"unknown fence", "en/bug.md", "```steps", "```step", `a code block marked "step"`},
		// stepper
		{"stepper missing key", "en/prim.md", "thread: T\n", "", `stepper: no "thread"`},
		{"stepper unknown key", "en/prim.md", "thread: T", "threads: T", `en/prim.md:24: stepper: unknown key "threads"`},
		{"stepper bad step", "en/prim.md", "step: 2", "step: 0", `stepper: step "0"`},
		{"stepper bad height", "en/prim.md", "step: 2", "step: 2\nheight: tall", `stepper: height "tall"`},
		{"stepper with steps", "en/prim.md", "`A1`.\n```", "`A1`.\nT | A1 | x\n```", "en/prim.md:28: stepper: \"T | A1 | x\": a stepper has no steps"},
		{"stepper caption not prose", "en/prim.md", "caption: T is at", "caption: # T is at", "want one paragraph of text"},
		// steps
		{"steps bad row", "en/bug.md", "T | A1 | Does", "T A1 Does |", `en/bug.md:21: steps: "T A1 Does | `},
		{"steps without text", "en/bug.md", "T |    | Resumes.", "T | A1 |", `steps: "T | A1 |"`},
		{"steps run without schedule", "en/bug.md", "schedule: s\n", "", "a run names its lesson and schedule"},
		{"steps key after rows", "en/bug.md", "T |    | Resumes.", "T |    | Resumes.\nvariant: v", `steps: key "variant" after the steps`},
		{"steps none", "en/bug.md", "T | A1 | Does `a`.\nT |    | Resumes.\n", "", "steps: no steps"},
		// translations
		{"missing translation", "zh/bug.md", "", "", "zh/bug.md: missing; every page is written in en and zh"},
		{"translation's section differs", "zh/prim.md", "{#try}", "{#trying}", `zh/prim.md:18: section 2 is "trying"; in the English it is "try" (see en/prim.md:18)`},
		{"translation lacks a section", "zh/prim.md", "## 试试 {#try}", "", `section "try" is missing`},
		{"translation lacks a block", "zh/bug.md", "> 注意。\n", "", `section "fix" ends where the English has a note`},
		{"translation has another block", "zh/bug.md", "> 注意。", "> 注意。\n\n还有。", "a paragraph that the English does not have"},
		{"translation's table differs", "zh/prim.md", "| `x` | 计数 |", "| `x` | 计数 |\n| y | z |", "zh/prim.md:14: this table does not match the English table at en/prim.md:14"},
		{"translation's code differs", "zh/bug.md", "F1   fix it", "F1   修好它", "zh/bug.md:12: this code block does not match"},
		{"translation's link differs", "zh/prim.md", "(bug#fix)", "(bug)", "this paragraph does not match"},
		{"translation's stepper differs", "zh/prim.md", "step: 2", "step: 3", `this stepper does not match the English stepper at en/prim.md:20: here "stepper lesson=l variant= schedule=s step=3`},
		{"translation's steps differ", "zh/bug.md", "T |    | 恢复。", "U |    | 恢复。", `here "  step 2: U | "`},
		{"translation's outcome differs", "zh/bug.md", "outcome: ok", "outcome: lost-wakeup", "this step table does not match"},
		{"translation's order differs", "zh/bug.md", "order: 2", "order: 3", "zh/bug.md:1: the front matter's order, group or bugs differ"},
		// the site
		{"order twice", "en/bug.md", "order: 2", "order: 1", "order 1 is also"},
		{"link to no page", "en/prim.md", "(bug#fix)", "(bugs#fix)", `en/prim.md:12: link "bugs#fix": there is no page "bugs"`},
		{"link to no section", "en/prim.md", "(bug#fix)", "(bug#fixed)", `link "bug#fixed": en/bug.md has no section "fixed"`},
		{"link outside", "en/prim.md", "(bug#fix)", "(/lesson/x)", "leads outside the docs"},
		{"stray file", "en/notes.txt", "", "x", "en/notes.txt: unexpected"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := goodSite()
			switch f, ok := fsys[tt.file]; {
			case !ok:
				fsys[tt.file] = &fstest.MapFile{Data: []byte(tt.new)}
			case tt.old == "" && tt.new == "":
				delete(fsys, tt.file)
			default:
				if !strings.Contains(string(f.Data), tt.old) {
					t.Fatalf("%s has no %q", tt.file, tt.old)
				}
				f.Data = []byte(strings.Replace(string(f.Data), tt.old, tt.new, 1))
			}
			s, err := LoadFS(fsys)
			if err == nil {
				t.Fatalf("no error; want %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error:\n%v\nwant it to say %q", err, tt.want)
			}
			if s == nil {
				t.Fatal("no site")
			}
		})
	}
}

// TestBrokenPageServesAnError checks that a page whose file cannot be read
// is an error at runtime, that the other pages are still served, and that
// a page missing in a language falls back to English.
func TestBrokenPageServesAnError(t *testing.T) {
	fsys := goodSite()
	fsys["zh/bug.md"].Data = []byte("no front matter")
	delete(fsys, "zh/prim.md")
	s, err := LoadFS(fsys)
	if err == nil {
		t.Fatal("no error")
	}
	if _, err := s.Page("bug", ZH); err == nil || errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "zh/bug.md:1:") {
		t.Errorf("Page(bug, zh): %v; want the file's error", err)
	}
	if pg, err := s.Page("bug", EN); err != nil || pg.Lang != EN {
		t.Errorf("Page(bug, en) = %v, %v; want the English page", pg, err)
	}
	if pg, err := s.Page("prim", ZH); err != nil || pg.Lang != EN {
		t.Errorf("Page(prim, zh) = %v, %v; want the English page in its place", pg, err)
	}
	if _, err := s.Page("nope", EN); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Page(nope, en): %v; want fs.ErrNotExist", err)
	}
	if got := len(s.Pages(ZH)); got != 2 {
		t.Errorf("Pages(zh) has %d pages; want both, in English where need be", got)
	}
}
