package rc11

import "math/bits"

// set is a set of events, bit e for event e.
type set uint64

func (s set) has(e int) bool { return s&(1<<e) != 0 }

// relation is a binary relation over an execution's events: bit b of
// row a says a → b.
type relation []uint64

func newRelation(n int) relation { return make(relation, n) }

func (r relation) has(a, b int) bool { return r[a]&(1<<b) != 0 }
func (r relation) add(a, b int)      { r[a] |= 1 << b }

// ident is [A]: the identity on the events of s.
func ident(n int, s set) relation {
	r := newRelation(n)
	for e := range n {
		if s.has(e) {
			r.add(e, e)
		}
	}
	return r
}

// union is r1 ∪ r2 ∪ ...
func union(rs ...relation) relation {
	out := newRelation(len(rs[0]))
	for _, r := range rs {
		for a := range r {
			out[a] |= r[a]
		}
	}
	return out
}

// inter is r ∩ s.
func inter(r, s relation) relation {
	out := newRelation(len(r))
	for a := range r {
		out[a] = r[a] & s[a]
	}
	return out
}

// minus is r \ s.
func minus(r, s relation) relation {
	out := newRelation(len(r))
	for a := range r {
		out[a] = r[a] &^ s[a]
	}
	return out
}

// seq is the composition r1; r2; ...: a → c when a r1 b and b r2 c.
func seq(rs ...relation) relation {
	out := rs[0]
	for _, s := range rs[1:] {
		next := newRelation(len(out))
		for a := range out {
			for row := out[a]; row != 0; row &= row - 1 {
				next[a] |= s[bits.TrailingZeros64(row)]
			}
		}
		out = next
	}
	return out
}

// inverse is r⁻¹.
func inverse(r relation) relation {
	out := newRelation(len(r))
	for a := range r {
		for row := r[a]; row != 0; row &= row - 1 {
			out.add(bits.TrailingZeros64(row), a)
		}
	}
	return out
}

// plus is the transitive closure r⁺ (Warshall's algorithm).
func plus(r relation) relation {
	out := union(r)
	for k := range out {
		for a := range out {
			if out.has(a, k) {
				out[a] |= out[k]
			}
		}
	}
	return out
}

// star is the reflexive-transitive closure r*.
func star(r relation) relation { return opt(plus(r)) }

// opt is r? = r ∪ id.
func opt(r relation) relation {
	out := union(r)
	for a := range out {
		out.add(a, a)
	}
	return out
}

// irreflexive says no a has a r a.
func irreflexive(r relation) bool {
	for a := range r {
		if r.has(a, a) {
			return false
		}
	}
	return true
}

// acyclic says r⁺ is irreflexive.
func acyclic(r relation) bool { return irreflexive(plus(r)) }

// empty says r relates nothing.
func empty(r relation) bool {
	for _, row := range r {
		if row != 0 {
			return false
		}
	}
	return true
}
