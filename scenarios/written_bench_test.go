package scenarios_test

import (
	"context"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim/explore"
	"lockstep/sim/program"
)

// BenchmarkExploreWritten verifies the fixed wait_group at 3 waiters and 4
// workers (wg-lost-wakeup) twice: the Go port, and the same primitive
// written in the language. The budget: the written one at most 3 times
// slower.
//
//	go test ./scenarios -run '^$' -bench ExploreWritten
func BenchmarkExploreWritten(b *testing.B) {
	cat, err := scenarios.Load()
	if err != nil {
		b.Fatal(err)
	}
	s, err := cat.Lookup("wg-lost-wakeup")
	if err != nil {
		b.Fatal(err)
	}
	params := map[string]int{"waiters": 3, "workers": 4}
	d := exampleB(b, "wait_group", "fixed")
	goPort, err := s.Build("fixed", params)
	if err != nil {
		b.Fatal(err)
	}
	written, err := s.BuildWritten(d, params)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		p    *program.Program
	}{{"go", goPort}, {"written", written}} {
		b.Run(c.name, func(b *testing.B) {
			var r explore.Result
			for b.Loop() {
				if r, err = explore.Explore(context.Background(), c.p, explore.Options{}); err != nil {
					b.Fatal(err)
				}
			}
			if !r.Complete || len(r.Counterexamples) > 0 {
				b.Fatalf("complete %v, found %d bugs", r.Complete, len(r.Counterexamples))
			}
			b.ReportMetric(float64(r.States), "states")
		})
	}
}
