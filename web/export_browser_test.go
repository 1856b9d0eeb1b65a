package web_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"lockstep/scenarios"
)

// TestExportInBrowser saves the stage of a lesson page as SVG and as PNG
// through the Export menu, checks that each file stands alone (the SVG
// carries its styles and draws the same picture as an image, the PNG is
// the stage at twice its size), and follows the menu's handout link to
// the handout of the state on screen.
func TestExportInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	dir := t.TempDir()
	p := b.open(t, "/lesson/wg-lost-wakeup?schedule=lost&step=8")
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdpbrowser.SetDownloadBehavior,
			cdpbrowser.SetDownloadBehaviorParams{Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir,
				BrowserContextID: chromedp.FromContext(ctx).BrowserContextID})
		return err
	}))
	p.checkWeight() // export.js is not loaded until it is used

	p.click(`#export summary`)
	p.shot("export-menu")
	p.click(`#export button[data-format="svg"]`)
	svg := string(waitFile(t, dir, "wg-lost-wakeup-tinycoro-step-8.svg"))
	if !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, `xmlns="http://www.w3.org/2000/svg"`) {
		t.Fatalf("the SVG file starts %.80q; want an svg element with its namespace", svg)
	}
	if strings.Contains(svg, `class="`) || !strings.Contains(svg, "font-family:") || !strings.Contains(svg, "&amp;W1.awaiter") {
		t.Errorf("the SVG file leans on the page's style sheet, or lacks the stage's words")
	}
	// Drawn as an image, with no page around it, the file shows the
	// stage: dark text on its paper, not a blank or a black box.
	p.eval(`(window.darkShare = undefined, (async () => {
		const img = new Image();
		img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(` + jsString(svg) + `);
		await img.decode();
		const c = document.createElement("canvas");
		c.width = img.naturalWidth; c.height = img.naturalHeight;
		const ctx = c.getContext("2d");
		ctx.drawImage(img, 0, 0);
		const px = ctx.getImageData(0, 0, c.width, c.height).data;
		let dark = 0;
		for (let i = 0; i < px.length; i += 4) if (px[i] + px[i + 1] + px[i + 2] < 200) dark++;
		window.darkShare = String(dark / (px.length / 4));
	})(), true)`)
	p.wait(`window.darkShare !== undefined`)
	dark := p.evalString(`window.darkShare`)
	if !regexp.MustCompile(`^0\.0*[1-9]`).MatchString(dark) || strings.HasPrefix(dark, "0.5") {
		t.Errorf("the SVG drawn alone is %s dark; want some text on a light paper", dark)
	}

	p.wait(`!document.querySelector('#export').open`)
	p.click(`#export summary`)
	p.click(`#export button[data-format="png"]`)
	pngFile := waitFile(t, dir, "wg-lost-wakeup-tinycoro-step-8.png")
	keep("export-stage.png", pngFile)
	keep("export-stage.svg", []byte(svg))
	img, err := png.Decode(bytes.NewReader(pngFile))
	if err != nil {
		t.Fatalf("the PNG file: %v", err)
	}
	w, err := strconv.Atoi(p.evalString(`String(Math.ceil(document.querySelector('#stage svg').getBoundingClientRect().width))`))
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Dx(); got < 2*w-2 || got > 2*w+2 {
		t.Errorf("the PNG is %d pixels wide; want twice the stage's %d", got, w)
	}
	if uniform(img) {
		t.Error("the PNG is one colour")
	}

	p.click(`#export summary`)
	p.click(`#export a`)
	p.waitNavigated(`document.querySelector('[data-testid="handout-title"]') !== null`)
	if got := p.evalString(`location.pathname + location.search`); !strings.HasPrefix(got, "/handout/wg-lost-wakeup?") || !strings.Contains(got, "step=8") {
		t.Errorf("the handout link went to %s; want the handout of the state on screen", got)
	}
	b.checkErrors(t)
}

// TestHandoutInBrowser shows the handout in English and Chinese at both
// sizes, then prints it to PDF as the browser's print does, with the
// print style sheet: a PDF of a few pages.
func TestHandoutInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	for _, lang := range []string{"en", "zh"} {
		path := "/handout/wg-lost-wakeup?schedule=lost&step=3&lang=" + lang
		for _, size := range [][2]int64{{1280, 720}, {1920, 1080}} {
			p := b.tabAt(t, path, size[0], size[1])
			p.wait(`document.querySelectorAll('[data-testid="handout-picture"] svg').length === 3`)
			// Nothing is wider than the window.
			if !p.eval(`document.documentElement.scrollWidth <= innerWidth`) {
				t.Errorf("%s at %dx%d scrolls sideways", path, size[0], size[1])
			}
			p.shot("handout-" + lang + "-" + strconv.FormatInt(size[0], 10))
		}
		p := b.tabAt(t, path, 1280, 720)
		p.wait(`document.querySelector('[data-testid="handout-steps"]') !== null`)
		// At 1280 the key states share rows, side by side.
		if !p.eval(`(() => { const [a, b] = [...document.querySelectorAll('[data-testid="handout-picture"]')].map((f) => f.getBoundingClientRect()); return a.top === b.top && b.left >= a.right; })()`) {
			t.Errorf("the %s handout's first two pictures are not side by side at 1280", lang)
		}
		pdf, pages := p.printHandout("handout-print-" + lang)
		if pt := p.pictureTypePoints(); pt < minPicturePoints {
			t.Errorf("the %s handout's pictures print their type at %.1f pt; want at least %v", lang, pt, minPicturePoints)
		}
		if !bytes.HasPrefix(pdf, []byte("%PDF-")) || len(pdf) < 10_000 || pages != 1 {
			t.Errorf("the %s handout printed to %d bytes, %d pages; want a PDF of one page", lang, len(pdf), pages)
		}
		keep("handout-"+lang+".pdf", pdf)
	}
	b.checkErrors(t)
}

// printHandout prints the handout p shows as the browser's print does,
// with the print style sheet, and returns the PDF and its page count.
// Before, it saves what the print style sheet makes of the page in the
// printable area of A4 (210 by 297 mm less handout.css's 10 mm margins,
// at 96 px an inch) as shot.png.
func (p *page) printHandout(shot string) (pdf []byte, pages int) {
	p.t.Helper()
	p.wait(`document.querySelector('[data-testid="handout-steps"]') !== null`)
	p.do(chromedp.EmulateViewport(718, 1047), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
		return err
	}))
	p.shot(shot)
	// Printing takes longer than a step on a busy machine: it has a
	// minute.
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		res, err := cdp.Call(ctx, tg, cdppage.PrintToPDF, cdppage.PrintToPDFParams{PreferCSSPageSize: new(true)})
		pdf = res.Data
		return err
	}))
	if err != nil {
		p.t.Fatalf("print %s: %v", shot, err)
	}
	return pdf, len(regexp.MustCompile(`/Type\s*/Page[^s]`).FindAll(pdf, -1))
}

// minPicturePoints is the smallest type, in points, a handout's picture
// may print.
const minPicturePoints = 7.9

// pictureTypePoints is the size, in points, of the smallest type of the
// pictures p lays out: each picture's font-size (in its units) scaled as
// the picture is drawn. For a handout under the print style sheet
// (printHandout), the size on paper: a CSS px is 0.75 pt there.
func (p *page) pictureTypePoints() float64 {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[float64](`Math.min(...[...document.querySelectorAll('[data-testid="handout-picture"] svg')].map((s) =>
		Number(s.getAttribute("font-size")) * s.getBoundingClientRect().width / s.viewBox.baseVal.width * 0.75))`))
	if err != nil {
		p.t.Fatal(err)
	}
	return v
}

// TestHandoutsPrintOnOnePage prints the handout of every lesson of the
// catalog, as its handout link makes it (the lesson's default variant,
// parameters and first schedule): with LOCKSTEP_LONG=1 in English and
// Chinese, else every third lesson, in a language that goes round from
// one of them to the next. A run of at most onePageSteps steps fits one A4
// page, code listing, pictures and steps together; a longer one takes
// what it takes, and the test prints every count.
func TestHandoutsPrintOnOnePage(t *testing.T) {
	t.Parallel()
	const onePageSteps = 24
	b := newBrowser(t)
	b.still = true
	t.Cleanup(func() { b.checkErrors(t) }) // after the subtests, which run in parallel
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range cat.All() {
		for j, lang := range []string{"en", "zh"} {
			if !longChecks() && (i%3 != 0 || i/3%2 != j) {
				continue
			}
			t.Run(l.ID+"/"+lang, func(t *testing.T) {
				t.Parallel()
				p := b.tabAt(t, "/handout/"+l.ID+"?lang="+lang, 1280, 720)
				p.wait(`document.querySelector('[data-testid="handout-steps"]') !== null`)
				steps, err := strconv.Atoi(p.evalString(`document.querySelectorAll('[data-testid="handout-steps"] tbody tr').length + ""`))
				if err != nil {
					t.Fatal(err)
				}
				_, pages := p.printHandout("handout-print-" + l.ID + "-" + lang)
				pt := p.pictureTypePoints()
				t.Logf("%d steps: %d pages, pictures' type %.1f pt", steps, pages, pt)
				if pt < minPicturePoints {
					t.Errorf("the pictures print their type at %.1f pt; want at least %v", pt, minPicturePoints)
				}
				if steps <= onePageSteps && pages != 1 {
					t.Errorf("a run of %d steps prints on %d pages; want one", steps, pages)
				}
			})
		}
	}
}

// keep puts a file the test made beside the screenshots, for a person to
// look at; a failure to write it fails nothing.
func keep(name string, data []byte) {
	dir := filepath.Join("..", "testdata", "screenshots")
	if os.MkdirAll(dir, 0o755) == nil {
		_ = os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
}

// waitFile waits for the download called name in dir and returns it.
func waitFile(t *testing.T, dir, name string) []byte {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err == nil && len(b) > 0 {
			return b
		}
		time.Sleep(50 * time.Millisecond)
	}
	files, _ := os.ReadDir(dir)
	t.Fatalf("no download %s; the folder holds %v", name, files)
	return nil
}

// uniform reports whether every pixel of img has one colour.
func uniform(img image.Image) bool {
	r := img.Bounds()
	first := img.At(r.Min.X, r.Min.Y)
	for y := r.Min.Y; y < r.Max.Y; y += 3 {
		for x := r.Min.X; x < r.Max.X; x += 3 {
			if img.At(x, y) != first {
				return false
			}
		}
	}
	return true
}
