package webtest

import (
	"runtime"
	"testing"
	"time"
)

// Starvation measures, in the same run as a timing budget, how much the
// machine holds this process back: the wall time a fixed piece of pure
// computation takes on one goroutine, over the processor time the process
// spent meanwhile. It is about 1 on a machine with a core to spare, and n
// when the process gets a core one n-th of the time, as on a machine busy
// with other work. A latency budget scaled by it fails on a real
// slowdown (more processor time per request), not on a busy machine. It
// returns 1 where the process's processor time is not known.
func Starvation(t testing.TB) float64 {
	t.Helper()
	cpu0, ok := processCPU()
	if !ok {
		return 1
	}
	wall0 := time.Now()
	spin(20 * time.Millisecond)
	cpu1, _ := processCPU()
	wall, cpu := time.Since(wall0), cpu1-cpu0
	if cpu <= 0 {
		return 1
	}
	return max(1, float64(wall)/float64(cpu))
}

// spin computes until the process has spent d of processor time, or for
// a second of wall time at most.
func spin(d time.Duration) {
	start, _ := processCPU()
	deadline := time.Now().Add(time.Second)
	x := uint64(1)
	for time.Now().Before(deadline) {
		for range 100_000 {
			x = x*6364136223846793005 + 1442695040888963407
		}
		if now, _ := processCPU(); now-start >= d {
			break
		}
	}
	runtime.KeepAlive(x)
}
