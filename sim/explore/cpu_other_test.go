//go:build !unix

package explore_test

import "time"

// processCPU is the CPU time the test process has used so far; where it
// cannot be read (here), ok is false.
func processCPU() (d time.Duration, ok bool) { return 0, false }
