package primitives

// criticalSectionLabels document the steps of CriticalSection, the body the
// mutex lessons run while holding the lock.
var criticalSectionLabels = map[int]labelText{
	CS1: {"critical section: v = counter (plain read)", "auto v = counter;"},
	CS2: {"critical section: counter = v + 1 (plain write)", "counter = v + 1;"},
}
