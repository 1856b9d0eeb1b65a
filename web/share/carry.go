package share

import (
	"errors"

	"lockstep/scenarios"
)

// What other packages carry in links as this one does: the lab's links
// hold a primitive's source, and open it in the playground as a lesson
// from a link.

// MaxLinkSchedules bounds the named schedules of a lesson a link carries.
const MaxLinkSchedules = maxCustomSchedules

// LessonSource is the src of a link to /lesson/custom that carries lesson
// l, whose id must be playground.CustomLessonID. It fails, with an error
// in both languages (see SourceMessage), where CustomLesson would fail to
// read it back.
func LessonSource(l *scenarios.Scenario) (string, error) {
	text := encodeLesson(l)
	if _, err := parseCustom(text); err != nil {
		return "", err
	}
	return encodeSource(text)
}

// EncodeText compresses any text for a link's src, within the limits of a
// lesson's (DecodeText reads it back).
func EncodeText(text []byte) (string, error) { return encodeSource(text) }

// DecodeText reads a src that EncodeText made.
func DecodeText(src string) ([]byte, error) { return decodeSource(src) }

// SourceMessage is err in language lang when it is one of this package's
// errors about a link's src, which are in both; otherwise err's text.
func SourceMessage(err error, lang string) string {
	var se *sourceError
	if errors.As(err, &se) {
		return se.In(lang)
	}
	return err.Error()
}
