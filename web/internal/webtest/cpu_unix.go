//go:build unix

package webtest

import (
	"syscall"
	"time"
)

// processCPU is the processor time (user and system) the process has
// spent.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
