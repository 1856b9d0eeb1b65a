package lang

// Bounds on what a source may ask for. A primitive comes from a student's
// editor or a link, so each bound keeps a hostile one from costing the
// server more than a moment; each is far above what the built-in
// primitives need (the largest, the mutex, has 2 fields, 4 operations
// and 22 labels).
const (
	MaxSource     = 32 << 10 // bytes of source
	MaxParams     = 8        // parameters of the primitive
	MaxFields     = 32       // fields of the object
	MaxOps        = 24       // operations, private ones included
	MaxLabels     = 256      // labelled steps (every statement that touches shared memory)
	MaxLocals     = 4        // locals in scope at once: an operation's frame has 4 slots
	MaxInline     = 4        // depth of operations calling operations
	MaxNodes      = 2048     // actions of one instance, after inlining
	MaxLocalSteps = 1000     // statements one step may run between two shared-memory accesses
)
