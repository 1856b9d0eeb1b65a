//go:build !unix

package playground

import "time"

// processCPU is not known here.
func processCPU() (time.Duration, bool) { return 0, false }

// loadAverage is not known here.
func loadAverage() (float64, bool) { return 0, false }
