//go:build !unix

package webtest

import "time"

// ProcessCPU is not known here.
func ProcessCPU() (time.Duration, bool) { return 0, false }

// LoadAverage is not known here.
func LoadAverage() (float64, bool) { return 0, false }
