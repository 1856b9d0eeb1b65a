package docs

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// frontMatterKeys are the keys a page's front matter may have, in the
// order messages list them; all but bugs are required.
func frontMatterKeys() []string {
	return []string{"slug", "order", "group", "bugs", "title", "summary"}
}

// isSlug reports whether s can be a slug or a section id: words of
// lowercase letters and digits joined by single '-'.
func isSlug(s string) bool {
	for _, w := range strings.Split(s, "-") {
		if w == "" || strings.Trim(w, "abcdefghijklmnopqrstuvwxyz0123456789") != "" {
			return false
		}
	}
	return true
}

// isBugID reports whether s is a bug id of the digest: "B5".
func isBugID(s string) bool {
	n, ok := strings.CutPrefix(s, "B")
	return ok && n != "" && strings.Trim(n, "0123456789") == ""
}

// splitFrontMatter cuts the front matter off src: the lines between a
// first line "---" and the next "---". It returns the front matter's
// lines and the body, and the number of lines before the body, so that a
// position in the body can be told as a line of the file.
func splitFrontMatter(src []byte) (lines []string, body []byte, bodyLine int, err error) {
	rest, ok := cutLine(src, "---")
	if !ok {
		return nil, nil, 0, fmt.Errorf("1: a page starts with front matter: a line \"---\", key: value lines, and \"---\"")
	}
	for n := 2; len(rest) > 0; n++ {
		line, after, _ := bytes.Cut(rest, []byte("\n"))
		rest = after
		if s := strings.TrimRight(string(line), " \t\r"); s == "---" {
			return lines, rest, n, nil
		}
		lines = append(lines, string(line))
	}
	return nil, nil, 0, fmt.Errorf("1: the front matter has no closing \"---\"")
}

// cutLine cuts a first line equal to want (ignoring trailing blanks) off
// src.
func cutLine(src []byte, want string) ([]byte, bool) {
	line, rest, _ := bytes.Cut(src, []byte("\n"))
	if strings.TrimRight(string(line), " \t\r") != want {
		return nil, false
	}
	return rest, true
}

// parseFrontMatter fills pg's Slug, Order, Group, Bugs, Title and Summary
// from the front matter's lines, which start at line 2 of the file. It
// returns every problem, each as "LINE: what".
func parseFrontMatter(pg *Page, lines []string) []error {
	var errs []error
	fail := func(line int, format string, a ...any) {
		errs = append(errs, fmt.Errorf("%d: %s", line, fmt.Sprintf(format, a...)))
	}
	seen := map[string]int{}
	for i, raw := range lines {
		n := i + 2
		if strings.TrimSpace(raw) == "" {
			continue
		}
		key, value, ok := cutKey(raw)
		if !ok {
			fail(n, "%q is not a key: value line", raw)
			continue
		}
		if !slices.Contains(frontMatterKeys(), key) {
			fail(n, "unknown key %q (the keys are %s)", key, strings.Join(frontMatterKeys(), ", "))
			continue
		}
		if at, dup := seen[key]; dup {
			fail(n, "%q is given twice (first at line %d)", key, at)
			continue
		}
		seen[key] = n
		if err := setFrontMatter(pg, key, value); err != nil {
			fail(n, "%s", err)
		}
	}
	for _, key := range frontMatterKeys() {
		if _, ok := seen[key]; !ok && key != "bugs" {
			fail(1, "the front matter has no %q", key)
		}
	}
	if pg.Group == Bugs && len(pg.Bugs) == 0 && seen["group"] != 0 {
		fail(seen["group"], "a page of the bugs group names its bugs (bugs: B5)")
	}
	return errs
}

// setFrontMatter sets the field of pg that key names from value.
func setFrontMatter(pg *Page, key, value string) error {
	switch key {
	case "slug":
		if !isSlug(value) {
			return fmt.Errorf("slug %q: want lowercase letters, digits and '-'", value)
		}
		pg.Slug = value
	case "order":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 {
			return fmt.Errorf("order %q: want a whole number from 1", value)
		}
		pg.Order = n
	case "group":
		switch value {
		case "primitives":
			pg.Group = Primitives
		case "bugs":
			pg.Group = Bugs
		default:
			return fmt.Errorf("group %q: want primitives or bugs", value)
		}
	case "bugs":
		for _, b := range strings.FieldsFunc(value, func(r rune) bool { return r == ',' || r == ' ' }) {
			if !isBugID(b) {
				return fmt.Errorf("bug %q: want a bug id like B5", b)
			}
			pg.Bugs = append(pg.Bugs, b)
		}
	case "title", "summary":
		if value == "" {
			return fmt.Errorf("%s is empty", key)
		}
		if key == "title" {
			pg.Title = value
		} else {
			pg.Summary = value
		}
	}
	return nil
}

// cutKey reads a "key: value" line, whose key is lowercase letters. The
// value is the rest of the line, trimmed; it may be empty.
func cutKey(line string) (key, value string, ok bool) {
	key, value, ok = strings.Cut(line, ":")
	if !ok || key == "" || strings.TrimLeft(key, "abcdefghijklmnopqrstuvwxyz") != "" {
		return "", "", false
	}
	if value != "" && value[0] != ' ' && value[0] != '\t' {
		return "", "", false
	}
	return key, strings.TrimSpace(value), true
}
