package c11

import (
	"fmt"
	"strconv"
)

// A Source names the write a read returns: Latest (no choice: the last
// write in modification order), Init (the cell's initial value) or the
// write made at a step (FromStep).
type Source int32

// The sources that name no step.
const (
	Latest Source = 0
	Init   Source = -1
)

// FromStep is the write made at the step of index s; the source's value
// is that step's number as people count (from 1).
func FromStep(s int) Source { return Source(s + 1) }

// Step is the step of the write (-1 for Init and Latest).
func (s Source) Step() int {
	if s <= 0 {
		return -1
	}
	return int(s) - 1
}

// String is the source as a schedule writes it after '<': "init" or the
// step's number, counted from 1 as everywhere people read steps ("" for
// Latest).
func (s Source) String() string {
	switch {
	case s == Latest:
		return ""
	case s == Init:
		return "init"
	}
	return strconv.Itoa(int(s))
}

// ParseSource reads "init" or a step's number, from 1 to max.
func ParseSource(s string, max int) (Source, error) {
	if s == "init" {
		return Init, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > max || strconv.Itoa(n) != s {
		return 0, fmt.Errorf("a read's source is init or the number of the step that wrote (1 to %d)", max)
	}
	return Source(n), nil
}
