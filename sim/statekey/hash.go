package statekey

import "math/bits"

// hasher is a two-lane 64-bit word hash with fixed seeds, so keys are the
// same in every process.
type hasher struct{ a, b uint64 }

const (
	hashPrime1 = 0x9E3779B185EBCA87
	hashPrime2 = 0xC2B2AE3D27D4EB4F
	hashPrime3 = 0x165667B19E3779F9
	hashPrime4 = 0x85EBCA77C2B2AE63
)

func (h *hasher) add(w uint64) {
	h.a = bits.RotateLeft64(h.a+w*hashPrime2, 31) * hashPrime1
	h.b = bits.RotateLeft64(h.b^(w*hashPrime4), 29)*hashPrime3 + 0x5851F42D4C957F2D
}

func (h *hasher) sum() Key {
	return Key{fmix(h.a), fmix(h.b)}
}

func fmix(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

// hashWords hashes a whole encoding, its length included: two lanes, each
// folding two words at a time through a 64x64->128-bit multiplication (as
// wyhash does), with fixed seeds.
func hashWords(ws []uint64) Key {
	a, b := uint64(0x243F6A8885A308D3), uint64(0x13198A2E03707344)^uint64(len(ws))
	i := 0
	for ; i+1 < len(ws); i += 2 {
		w0, w1 := ws[i], ws[i+1]
		a = mum(a^w0, w1^0xA0761D6478BD642F)
		b = mum(b^w1, w0^0xE7037ED1A0B428DB)
	}
	if i < len(ws) {
		a = mum(a^ws[i], 0x8EBC6AF09C88C6E3)
		b = mum(b^ws[i], 0x589965CC75374CC3)
	}
	return Key{fmix(a), fmix(b ^ uint64(len(ws))<<32)}
}

// mum folds the 128-bit product of x and y into 64 bits.
func mum(x, y uint64) uint64 {
	hi, lo := bits.Mul64(x, y)
	return hi ^ lo
}

// Mix derives the key of a state seen with extra context (a search's last
// thread, its preemptions left) from the state's key.
func (k Key) Mix(a, b uint64) Key {
	h := hasher{a: k[0], b: k[1]}
	h.add(a)
	h.add(b)
	return h.sum()
}

// MixAll derives the key of a state with more to it than the Keyer keys
// (the c11 model's words, sim.Machine.MemoryKey) from the state's key: the
// words and their number, folded in one pass.
func (k Key) MixAll(ws []uint64) Key {
	h := hasher{a: k[0], b: k[1]}
	for _, w := range ws {
		h.add(w)
	}
	h.add(uint64(len(ws)))
	return h.sum()
}
