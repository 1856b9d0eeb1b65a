//go:build race

package web

// raceEnabled: the race detector slows everything down, so time budgets
// are reported but not enforced.
const raceEnabled = true
