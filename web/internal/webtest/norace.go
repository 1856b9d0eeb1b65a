//go:build !race

package webtest

// RaceEnabled: the race detector slows everything down, so time budgets
// are reported but not enforced.
const RaceEnabled = false
