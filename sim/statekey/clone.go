package statekey

import "slices"

// Clone returns a copy of ms that shares no memory with it. A search that
// runs on several goroutines keys its states with one frozen clone, which
// nothing changes while they read it, and checks its steps against ms
// alone, one at a time (see Check): a step that shows ms wrong stops the
// search, so the clone says what ms said of every state it keyed.
func (ms *Models) Clone() *Models {
	if ms.sync == nil { // LearnLocals's
		return &Models{live: ms.live.Clone()}
	}
	return &Models{live: ms.live.Clone(), sync: ms.sync.Clone(), doom: ms.doom.clone(), opening: ms.opening.clone()}
}

// clone copies o.
func (o *openingModel) clone() *openingModel {
	c := *o
	c.prim, c.primUsed = deepClone(o.prim), deepClone(o.primUsed)
	return &c
}

// clone copies d but not its scratch machine and keyer, which it makes
// again when it needs them.
func (d *doomedModel) clone() *doomedModel {
	return &doomedModel{p: d.p, words: d.words.Clone(), at: deepClone(d.at), used: deepClone(d.used)}
}

// deepClone copies a slice of slices.
func deepClone[T any](xs [][]T) [][]T {
	out := make([][]T, len(xs))
	for i, x := range xs {
		out[i] = slices.Clone(x)
	}
	return out
}
