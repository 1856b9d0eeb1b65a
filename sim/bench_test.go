package sim_test

import (
	"testing"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// benchProgram is wg-lost-wakeup at 16 waiters and 17 workers: a run of
// several hundred steps in which the last done() wakes every waiter.
func benchProgram(b *testing.B) *program.Program {
	b.Helper()
	cat, err := scenarios.Load()
	if err != nil {
		b.Fatal(err)
	}
	s, err := cat.Lookup("wg-lost-wakeup")
	if err != nil {
		b.Fatal(err)
	}
	p, err := s.Build(s.Variants[0], map[string]int{"waiters": 16, "workers": 17})
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkReplay measures whole runs under the Continue scheduler, without
// recording, and reports steps per second.
func BenchmarkReplay(b *testing.B) {
	p := benchProgram(b)
	steps := 0
	for b.Loop() {
		m := sim.New(p, sim.Options{})
		if out, err := sim.Run(m, sim.Continue{}); err != nil || out.Kind != outcome.OK {
			b.Fatalf("run = %s, %v; want ok", out.Kind, err)
		}
		steps += m.Steps()
	}
	b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
	b.ReportMetric(float64(steps)/float64(b.N), "steps/run")
}

// BenchmarkReplayRecorded is BenchmarkReplay keeping a record of every
// step with its source location, as the playground and the command line do.
func BenchmarkReplayRecorded(b *testing.B) {
	p := benchProgram(b)
	steps := 0
	for b.Loop() {
		m := sim.New(p, sim.Options{Record: true, Locations: true})
		if _, err := sim.Run(m, sim.Continue{}); err != nil {
			b.Fatal(err)
		}
		steps += m.Steps()
	}
	b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
}

// BenchmarkClone measures copying a machine halfway through the run, as a
// search does at every branch.
func BenchmarkClone(b *testing.B) {
	p := benchProgram(b)
	full := sim.New(p, sim.Options{})
	if _, err := sim.Run(full, sim.Continue{}); err != nil {
		b.Fatal(err)
	}
	m, err := sim.ReplayPrefix(p, full.Schedule()[:full.Steps()/2], sim.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		_ = m.Clone()
	}
}
