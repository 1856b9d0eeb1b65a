//go:build unix

package explore_test

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the test process has used so far, user and
// system, on every thread; ok is false where it cannot be read.
func processCPU() (d time.Duration, ok bool) {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0, false
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()), true
}
