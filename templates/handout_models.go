package templates

// HandoutPage is a lesson's printable handout: one run of it, step by
// step, with the verdict and pictures of its key states.
type HandoutPage struct {
	Chrome
	// LessonTitle is the lesson's title.
	LessonTitle string
	// Summary is the lesson's summary; Variant and Params what was run.
	Summary string
	Variant string
	Params  []string // "waiters=1", in order
	// ScheduleName is the title of the lesson's schedule the handout
	// follows, or "" for one given as text.
	ScheduleName string
	// Schedule is the schedule performed, which replays the run.
	Schedule string
	// Verdict says how the run ended; Bad is true for a bug.
	Verdict     string
	VerdictKind string
	Bad         bool
	// Scripts and Algorithms are the code the run runs, labelled as
	// the steps' table and the pictures name its steps.
	Scripts    []HandoutScript
	Algorithms []HandoutAlgorithm
	// Rows are the steps; Pictures the key states.
	Rows     []HandoutRow
	Pictures []HandoutPicture
	// LessonURL opens the same run in the playground.
	LessonURL string
}

// HandoutRow is one step of a handout's table.
type HandoutRow struct {
	Index                             int
	Thread, Label, Op, Events, Values string
	// Unchanged says Values are those after the step before: the table
	// says so instead of repeating them.
	Unchanged bool
	Findings  []string
	// Blamed marks the step the verdict names; Marked the step that was
	// on screen when the handout was made.
	Blamed, Marked bool
}

// HandoutPicture is one key state, drawn as SVG on the server.
type HandoutPicture struct {
	Caption string
	SVG     string
}

// HandoutScript is what some coroutines do: Who names them ("W1", or
// "W1–W8" for a group sharing one script) and Script is their script as
// the lesson declares it.
type HandoutScript struct {
	Who, Script string
}

// HandoutAlgorithm is one operation's algorithm, one line per step
// label, as the playground's code pane lists it.
type HandoutAlgorithm struct {
	Op    string
	Lines []HandoutLine
}

// HandoutLine is one line of an algorithm: its step's label and code.
type HandoutLine struct {
	Label, Code string
}
