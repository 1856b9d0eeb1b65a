package primitives

// A Label is one step label of a primitive that names its own labels: what
// the step is called, what it does, and where its code is.
type Label struct {
	Name string // "G3"
	Doc  string // "if m_count.load(acquire) == 0: don't suspend"
	// Line is the line of the step's code in the primitive's source, and
	// Function the operation it is written in ("wait_group.wait").
	Line     int
	Function string
}

// Labeled is a Primitive that names its own step labels and carries its
// own source: a primitive written in Lockstep's language (package lang).
// The Go ports are not Labeled: their labels are this package's table
// (LabelName, LabelDoc) and their code is this package's Source, where
// the machine finds each step's line in the running code.
type Labeled interface {
	Primitive
	// Label describes step label pc: an operation's Entry, or a label its
	// steps go to.
	Label(pc int) Label
	// Source is the primitive's source: the file name steps cite, and
	// its text.
	Source() (file, text string)
}
