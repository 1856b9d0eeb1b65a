package sim_test

import (
	"fmt"
	"testing"
)

func TestZZLayout(t *testing.T) {
	p := build(t, "wg-lost-wakeup", "fixed", map[string]int{"waiters": 4, "workers": 5})
	for a, c := range p.Cells {
		if c.Object >= 0 {
			fmt.Println(a, c.Name, c.Kind, c.Atomic, c.Slot, p.Objects[c.Object].Name, p.Objects[c.Object].Kind)
		}
	}
	for _, th := range p.Threads {
		fmt.Println(th)
	}
	for _, c := range p.Coroutines {
		fmt.Println(c.Name, c.Thread, c.Frame, c.Awaiter, c.Group, len(c.Script))
	}
}
