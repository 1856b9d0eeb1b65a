package sim

import (
	"lockstep/sim/hb"
	"reflect"
	"slices"
	"testing"
)

// TestStateKeyCoversFields lists every field of the machine's state and
// what the state key does with it. A field added to Machine or coroutine
// fails this test until the key (package statekey), what a step may change
// (statekey's Keyer.Advance), CopyFrom and SameState (search.go) and the
// read-only views (view.go) are checked against it and the list is updated.
func TestStateKeyCoversFields(t *testing.T) {
	cases := []struct {
		v     any
		known []string
	}{
		{Machine{}, []string{
			"prog", "lives", // the program, and what follows from it: the same for every state of a search
			"mem", "ended", "threads", "coros", // keyed
			"hb",                                     // happens-before: see hb.State below
			"step",                                   // not keyed: see stateKey
			"holds",                                  // follows from mem
			"opened", "wakers", "wakersElse", "this", // messages only (steps a verdict blames)
			"semSeq", "lockSeq", // keyed as ranks among the coroutines
			"races",             // keyed as "a race has been seen"
			"fatal", "limitHit", // the run is over: never keyed
			"localUse", "lastOp", "lastAddr", "acquired", "constructed", "lastExpected", "swapped", // the last step (LastAccess)
			"exec", "peekFn", // scratch of a step
			"record", "where", "records", "choices", "cur", // recording
			"weak", // the c11 model: nil under sc; keyed in canonical form by MemoryKey
		}},
		{hb.State{}, []string{
			"n",                                   // the number of threads: the same for every state of a search
			"fence",                               // keyed: raw (statekey.appendFences), and as holders of floors under c11
			"vc", "rel", "wake", "lastW", "reads", // keyed in canonical form
			"writes", "lastAcq", // messages only (nil when not recording)
			"shared", "spareW", "spareR", // who owns lastW and reads (see hb.State.CopyFrom)
		}},
		{coroutine{}, []string{
			"status", "op", "pc", "ip", "started", "locals", "arg", "loops", // keyed
			"thread",                                                             // follows from the stacks and queues
			"dropped", "registered", "opened", "holder", "suspending", "sawOpen", // keyed (sawOpen changes only for the coroutine that steps)
			"parkStep", "sleepStep", "drop", "waitObj", // messages only
			"semWait", "semSeq", "lockSeq", // keyed (the sequences as ranks)
			"spinAddr", "spinSeen", // keyed
			"inlined",   // keyed
			"localKind", // keyed with the live locals
		}},
	}
	for _, c := range cases {
		typ := reflect.TypeOf(c.v)
		var got []string
		for i := range typ.NumField() {
			got = append(got, typ.Field(i).Name)
		}
		for _, f := range got {
			if !slices.Contains(c.known, f) {
				t.Errorf("%s has a field %s the state key does not know: decide whether it can change a run's future, key it, and list it here", typ.Name(), f)
			}
		}
		for _, f := range c.known {
			if !slices.Contains(got, f) {
				t.Errorf("%s no longer has a field %s: update this list", typ.Name(), f)
			}
		}
	}
}
