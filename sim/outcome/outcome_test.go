package outcome

import (
	"slices"
	"testing"
)

func TestIndexAndKindOrder(t *testing.T) {
	for i, k := range Kinds {
		if got := Index(k); got != i || !ValidKind(k) {
			t.Errorf("Index(%s) = %d, valid %v; want %d, valid", k, got, ValidKind(k), i)
		}
	}
	if Index("no-such-kind") != -1 || ValidKind("no-such-kind") {
		t.Error("an unknown kind has a place in Kinds")
	}
	type found struct {
		kind Kind
		n    int
	}
	xs := []found{{DataRace, 1}, {LostWakeup, 2}, {DataRace, 3}, {OK, 4}}
	got := InKindOrder(xs, func(f found) Kind { return f.kind })
	want := []found{{OK, 4}, {LostWakeup, 2}, {DataRace, 1}, {DataRace, 3}}
	if !slices.Equal(got, want) {
		t.Errorf("InKindOrder = %v; want %v", got, want)
	}
	if xs[0].n != 1 {
		t.Error("InKindOrder changed its argument")
	}
}
