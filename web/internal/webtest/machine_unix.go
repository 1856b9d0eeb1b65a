//go:build unix

package webtest

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// ProcessCPU is the processor time (user and system) the process has
// spent, and false where it is not known.
func ProcessCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

// LoadAverage is the system's load average over the last minute, where
// /proc/loadavg tells it (Linux).
func LoadAverage() (float64, bool) {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.Fields(string(data) + " x")[0], 64)
	return f, err == nil
}
