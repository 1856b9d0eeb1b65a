package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"fmt"
	"io"

	"lockstep/scenarios"
	"lockstep/sim/program"
	"lockstep/web/playground"
	"lockstep/web/site"
)

// A lesson written in the browser travels in its link: the lesson file's
// text, compressed with raw deflate and encoded as unpadded base64url, in
// the query parameter src of /lesson/custom. Nothing is stored on the
// server; the link is the lesson.

// Limits on a lesson carried by a link.
const (
	// maxSourceCompressed bounds the compressed lesson (8 KiB): its
	// base64url form is at most maxSourceParam characters.
	maxSourceCompressed = 8 << 10
	maxSourceParam      = (maxSourceCompressed*8 + 5) / 6
	// maxSourceText bounds the lesson's text once decompressed.
	maxSourceText = 64 << 10
	// maxCustomSchedules bounds the named schedules of a lesson from a
	// link, and maxCustomStepLimit its step limit: the server runs every
	// schedule when it opens the lesson.
	maxCustomSchedules = 16
	maxCustomStepLimit = program.DefaultStepLimit
)

// sourceError is why a link's lesson cannot be read, in both languages.
type sourceError struct{ site.Phrase }

func (e *sourceError) Error() string { return e.In("en") }

// sourceErrorf makes a sourceError; both formats take the same arguments.
func sourceErrorf(en, zh string, a ...any) error {
	return &sourceError{site.Phrase{fmt.Sprintf(en, a...), fmt.Sprintf(zh, a...)}}
}

// encodeSource compresses a lesson's text for a link. It fails when the
// text or its compressed form is over the limits decodeSource enforces.
func encodeSource(text []byte) (string, error) {
	if len(text) > maxSourceText {
		return "", sourceErrorf("The lesson is %d bytes long; a link can carry at most %d.",
			"课程有 %d 字节；一个链接最多只能携带 %d 字节。", len(text), maxSourceText)
	}
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		return "", err
	}
	if _, err := w.Write(text); err != nil {
		return "", err
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	if b.Len() > maxSourceCompressed {
		return "", sourceErrorf("The lesson compresses to %d bytes; a link can carry at most %d. Use fewer or shorter texts.",
			"课程压缩后有 %d 字节；一个链接最多只能携带 %d 字节。请减少或缩短文字。", b.Len(), maxSourceCompressed)
	}
	return base64.RawURLEncoding.EncodeToString(b.Bytes()), nil
}

// decodeSource reads a link's src: base64url (padding optional), then raw
// deflate, within the limits (the compressed form at most 8 KiB, the text
// at most 64 KiB).
func decodeSource(src string) ([]byte, error) {
	if src == "" {
		return nil, sourceErrorf("The link carries no lesson (its src is empty).", "链接里没有课程（src 为空）。")
	}
	src = trimPadding(src)
	if n := len(src) * 6 / 8; n > maxSourceCompressed {
		// Refused before it is decoded.
		return nil, sourceErrorf("The link's lesson is %d bytes compressed; at most %d are read.",
			"链接里的课程压缩后有 %d 字节；最多只读取 %d 字节。", n, maxSourceCompressed)
	}
	raw, err := base64.RawURLEncoding.DecodeString(src)
	if err != nil {
		return nil, sourceErrorf("The link's lesson is damaged: it is not base64url (%v). Was the link cut short?",
			"链接里的课程已损坏：不是 base64url 编码（%v）。链接是否被截断了？", err)
	}
	r := flate.NewReader(bytes.NewReader(raw))
	defer r.Close()
	text, err := io.ReadAll(io.LimitReader(r, maxSourceText+1))
	if err != nil {
		return nil, sourceErrorf("The link's lesson is damaged: it does not decompress (%v). Was the link cut short?",
			"链接里的课程已损坏：无法解压（%v）。链接是否被截断了？", err)
	}
	if len(text) > maxSourceText {
		return nil, sourceErrorf("The link's lesson decompresses to more than %d bytes; it is not read.",
			"链接里的课程解压后超过 %d 字节，不予读取。", maxSourceText)
	}
	return text, nil
}

// trimPadding drops the '=' padding some encoders add.
func trimPadding(s string) string {
	for len(s) > 0 && s[len(s)-1] == '=' {
		s = s[:len(s)-1]
	}
	return s
}

// CustomLesson decodes and checks the lesson a link carries: the text is
// decoded strictly as a lesson file, its id must be "custom", it stays
// within the limits of a lesson from a link, and every variant builds.
func CustomLesson(src string) (*scenarios.Scenario, error) {
	text, err := decodeSource(src)
	if err != nil {
		return nil, err
	}
	l, err := parseCustom(text)
	if err != nil {
		return nil, err
	}
	return l, nil
}

// parseCustom decodes a lesson's text as a lesson from a link.
func parseCustom(text []byte) (*scenarios.Scenario, error) {
	l, err := scenarios.Parse("lesson", text)
	if err != nil {
		return nil, sourceErrorf("The link's lesson cannot be read: %v.", "链接里的课程无法读取：%v。", err)
	}
	if l.ID != playground.CustomLessonID {
		return nil, sourceErrorf("The link's lesson has id %q; a lesson in a link has id %q.",
			"链接里的课程 id 是 %q；链接携带的课程 id 必须是 %q。", l.ID, playground.CustomLessonID)
	}
	if len(l.Schedules) > maxCustomSchedules {
		return nil, sourceErrorf("The link's lesson has %d schedules; at most %d are allowed.",
			"链接里的课程有 %d 个调度；最多允许 %d 个。", len(l.Schedules), maxCustomSchedules)
	}
	if l.StepLimit < 0 || l.StepLimit > maxCustomStepLimit {
		return nil, sourceErrorf("The link's lesson asks for a step limit of %d; it may be at most %d.",
			"链接里的课程要求步数上限为 %d；最多只能是 %d。", l.StepLimit, maxCustomStepLimit)
	}
	for _, v := range l.Variants {
		if _, err := l.Build(v, nil); err != nil {
			return nil, sourceErrorf("The link's lesson does not build as %s: %v.", "链接里的课程无法构建为 %s：%v。", v, err)
		}
	}
	return l, nil
}
