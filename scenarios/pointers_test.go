package scenarios

import (
	"testing"

	"lockstep/sim"
	"lockstep/sim/schedule"
	"lockstep/sim/snapshot"
)

// TestSnapshotShowsLocalLists replays wg-uaf to the moment done() has taken
// the stack: m_state is empty, and the snapshot shows the detached list
// hanging from done()'s local head, with W1's node on it, until D4 has
// moved head past it.
func TestSnapshotShowsLocalLists(t *testing.T) {
	cat, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	s, err := cat.Lookup("wg-uaf")
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Build("tinycoro", nil)
	if err != nil {
		t.Fatal(err)
	}
	sched, err := schedule.Parse("W1@G1 W1@G2 W1@G3 W1@G4 W1@G5 W1@G6 D1@D1 D1@D2")
	if err != nil {
		t.Fatal(err)
	}
	m, err := sim.ReplayPrefix(p, sched, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	snap := snapshot.Of(m)
	var found *snapshot.ListState
	for i, l := range snap.Lists {
		if l.Name == "m_state" && len(l.Nodes) != 0 {
			t.Errorf("m_state lists %v after D2 took the stack", l.Nodes)
		}
		if l.Local == "head" {
			found = &snap.Lists[i]
		}
	}
	if found == nil || found.Coroutine != "D1" || found.Name != "D1.head" || len(found.Nodes) != 1 || found.Nodes[0].Name != "W1.awaiter" {
		t.Fatalf("lists %+v; want D1.head holding W1's node", snap.Lists)
	}
	for _, c := range snap.Coroutines {
		if c.Name == "D1" && (len(c.Locals) != 1 || c.Locals[0].Name != "head" || c.Locals[0].Value != "&W1.awaiter") {
			t.Errorf("D1's locals %+v; want head = &W1.awaiter", c.Locals)
		}
		if c.Name == "W1" && len(c.Locals) != 0 {
			t.Errorf("W1's locals %+v; its wait has no pointer", c.Locals)
		}
	}
}
