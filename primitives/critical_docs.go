package primitives

// criticalSectionDocs document the steps of CriticalSection, the body the
// mutex lessons run while holding the lock.
var criticalSectionDocs = map[int]string{
	CS1: "critical section: v = counter (plain read)",
	CS2: "critical section: counter = v + 1 (plain write)",
}
