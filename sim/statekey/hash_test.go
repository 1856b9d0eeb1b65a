package statekey_test

import (
	"fmt"
	"testing"

	"lockstep/sim/statekey"
)

// TestMixAll checks that the words folded into a key tell states apart:
// their values, their order and their number, zeros included.
func TestMixAll(t *testing.T) {
	base := statekey.Key{0x0123456789abcdef, 0xfedcba9876543210}
	lists := [][]uint64{
		nil, {0}, {0, 0}, {0, 0, 0}, {1}, {1, 0}, {0, 1}, {1, 2}, {2, 1},
		{1 << 63}, {1<<48 | 3<<24 | 1}, {1<<48 | 1<<24 | 3}, {^uint64(0)},
	}
	seen := map[statekey.Key]string{base: "the key alone"}
	for _, ws := range lists {
		k := base.MixAll(ws)
		if k != base.MixAll(ws) {
			t.Fatalf("MixAll(%v) is not a function of its words", ws)
		}
		if prev, dup := seen[k]; dup {
			t.Errorf("MixAll(%v) = MixAll(%s)", ws, prev)
		}
		seen[k] = fmt.Sprint(ws)
	}
	if other := (statekey.Key{1, 2}); other.MixAll([]uint64{1}) == base.MixAll([]uint64{1}) {
		t.Error("MixAll forgets the key it starts from")
	}
}
