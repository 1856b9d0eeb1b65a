package primitives

// criticalSectionDocs document the steps of CriticalSection, the body the
// mutex lessons run while holding the lock.
var criticalSectionDocs = map[int]string{
	CS1: "critical section: v = counter (plain read)",
	CS2: "critical section: counter = v + 1 (plain write)",
}

// runtimeDocs document the steps the runtime adds to a script.
var runtimeDocs = map[int]string{
	SP1: "spawn: submit_to_context(task) of a new task, or Go's go f(): the child's frame is created and queued on its context",
}
