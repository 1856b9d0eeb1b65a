package share

import (
	"html"
	"net/http"
	"regexp"
	"strconv"
	"testing"

	"lockstep/scenarios"
)

// TestPicturesHoldTheirText draws the handout of every lesson in English
// and Chinese and holds each picture's left-aligned text (names, values,
// states, num_wait) inside the picture, at the widest the font may draw
// it: a picture is as wide as its text needs, and no wider than that
// for a short one.
func TestPicturesHoldTheirText(t *testing.T) {
	h := realSite(t)
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	svgRe := regexp.MustCompile(`<svg [^>]*viewBox="0 0 (\d+) \d+"[^>]*>(.*?)</svg>`)
	textRe := regexp.MustCompile(`<text x="(\d+)" y="\d+" font-weight="\w+" text-anchor="start">([^<]*)</text>`)
	for _, l := range cat.All() {
		for _, lang := range []string{"en", "zh"} {
			path := "/handout/" + l.ID + "?lang=" + lang
			res, body := get(t, h, path)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("GET %s: %s", path, res.Status)
			}
			pics := svgRe.FindAllStringSubmatch(body, -1)
			if len(pics) == 0 {
				t.Errorf("GET %s: no pictures", path)
			}
			for i, pic := range pics {
				width, _ := strconv.Atoi(pic[1])
				widest := 0
				for _, m := range textRe.FindAllStringSubmatch(pic[2], -1) {
					x, _ := strconv.Atoi(m[1])
					end := x + textWidth(html.UnescapeString(m[2]))
					widest = max(widest, end)
					if end > width-picPad+2 {
						t.Errorf("GET %s: picture %d, %d wide, draws %q to %d", path, i+1, width, html.UnescapeString(m[2]), end)
					}
				}
				if width > picMinW && widest < width-picPad-40 {
					t.Errorf("GET %s: picture %d is %d wide for text that ends at %d", path, i+1, width, widest)
				}
			}
		}
	}
}
