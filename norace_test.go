//go:build !race

package main

// raceEnabled: the race detector slows everything down 5 to 10 times,
// so the catalog-wide cross-checks, which search and run on one thread
// where it finds nothing, run smaller under it (TestVerdictsAreTrue,
// raceSample).
const raceEnabled = false
