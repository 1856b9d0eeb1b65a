package primitives

// criticalSectionLabels document the steps of CriticalSection, the body the
// mutex lessons run while holding the lock.
var criticalSectionLabels = map[int]labelText{
	CS1: {"critical section: v = counter (plain read)", "auto v = counter;"},
	CS2: {"critical section: counter = v + 1 (plain write)", "counter = v + 1;"},
}

// runtimeLabels document the steps the runtime adds to a script.
var runtimeLabels = map[int]labelText{
	SP1: {"spawn: submit_to_context(task) of a new task, or Go's go f(): the child's frame is created and queued on its context", "submit_to_context(task);"},
}
