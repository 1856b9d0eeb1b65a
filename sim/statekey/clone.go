package statekey

import (
	"maps"
	"slices"
)

// Clone returns a copy of ms that shares no memory with it. A search that
// runs on several goroutines keys its states with one frozen clone, which
// nothing changes while they read it, and checks its steps against ms
// alone, one at a time (see Check): a step that shows ms wrong stops the
// search, so the clone says what ms said of every state it keyed.
func (ms *Models) Clone() *Models {
	return &Models{live: ms.live.clone(), sync: ms.sync.clone(), doom: ms.doom.clone()}
}

func (l *liveness) clone() *liveness {
	c := &liveness{live: deepClone(l.live), facts: maps.Clone(l.facts), seen: make([][][]liveFact, len(l.seen))}
	for op, ls := range l.seen {
		c.seen[op] = deepClone(ls)
	}
	return c
}

func (s *syncModel) clone() *syncModel {
	return &syncModel{at: deepClone(s.at), claims: deepClone(s.claims), stored: slices.Clone(s.stored),
		class: slices.Clone(s.class), ownedBy: slices.Clone(s.ownedBy), accessor: slices.Clone(s.accessor),
		classShared: slices.Clone(s.classShared)}
}

// clone copies d but not its scratch machine and keyer, which it makes
// again when it needs them.
func (d *doomedModel) clone() *doomedModel {
	return &doomedModel{p: d.p, raises: slices.Clone(d.raises), mono: slices.Clone(d.mono), at: deepClone(d.at),
		used: deepClone(d.used)}
}

// deepClone copies a slice of slices.
func deepClone[T any](xs [][]T) [][]T {
	out := make([][]T, len(xs))
	for i, x := range xs {
		out[i] = slices.Clone(x)
	}
	return out
}
