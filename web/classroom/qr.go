package classroom

import (
	"fmt"
	"strings"

	"rsc.io/qr"

	"lockstep/templates"
)

// qrQuiet is the blank margin around a QR code, in modules, that readers
// need (the standard asks for 4).
const qrQuiet = 4

// qrSVG draws text as a QR code for an inline SVG: one path of the dark
// modules, each row's runs of them as one rectangle, in a square of
// Side modules with the quiet zone around the code.
func qrSVG(text string) (templates.QR, error) {
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		return templates.QR{}, fmt.Errorf("qr code: %w", err)
	}
	var b strings.Builder
	for y := range c.Size {
		for x := 0; x < c.Size; {
			if !c.Black(x, y) {
				x++
				continue
			}
			run := 1
			for x+run < c.Size && c.Black(x+run, y) {
				run++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", x+qrQuiet, y+qrQuiet, run, run)
			x += run
		}
	}
	return templates.QR{Side: c.Size + 2*qrQuiet, Path: b.String()}, nil
}
