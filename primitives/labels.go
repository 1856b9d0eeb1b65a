package primitives

// Step labels. The tinyCoro ones are the digest's; a step the digest gives
// one label but which makes two memory accesses is split into a and b. The
// fixed variants and Go's WaitGroup have labels of their own, documented
// with their code.
const (
	_ = iota
	// event (event.cpp)
	E1
	E2
	E3
	E4
	E5
	E6
	E7
	E9
	E10 // event<T>: await_resume returns the stored value
	S0
	S1
	S3
	S4
	// latch
	L1
	// wait_group (wait_group.cpp)
	G1
	G2
	G3
	G4
	G5
	G6
	G7
	A1
	D1
	D2
	D3
	D4
	// wait_group, Design A (one word holding count and head)
	P1
	P2
	P3
	P4
	Q1
	Q2
	Q3
	Q4
	Q5
	Q6
	// mutex (mutex.cpp)
	M1a
	M1b
	M2a
	M2b
	M3
	M4a
	M4b
	M5
	U1
	U2
	U3
	U4a
	U4b
	U5a
	U5b
	U6
	TL1 // try_lock
	// mutex, the LIFO wake-one guess of seed 003
	V1
	V2
	V3
	V4
	V5
	// Go's sync.WaitGroup
	GA1
	GA2
	GA3
	GA4
	GW1
	GW2
	GW3
	GW4
	// condition_variable (condition_variable.cpp), with its mutex
	C1a
	C1b
	C1c
	C2a
	C2b
	C2c
	C3a
	C3s
	C3b
	C3c
	C3d
	C3e
	C3f
	C3g
	C5a
	C5b
	NO1
	NO1s
	NO2
	NO3
	NO4
	NO5
	NO6
	NA1
	NA1s
	NA2
	NA3
	NA4
	NA5
	NA6
	WU1
	WU2
	WU3
	WU4
	WU5
	CR1
	CR2
	CR3
	CR4
	CR4b
	CR5
	CR6
	CR7
	CR8
	CR9
	SR1
	// channel (channel.hpp)
	SN1
	SN3
	SN4
	SN5
	SN6
	SN7
	SN8
	RC1
	RC3
	RC4
	RC5
	RC6
	RC7
	RC8
	CL1
	CF1
	CD1
	// a critical section
	CS1
	CS2
	// the runtime: a new coroutine is started (submit_to_context, go f())
	SP1
	// when_all (when_all.hpp)
	WD1
	WF1
	WX1
	// litmus tests
	STX
	STY
	LDX
	LDY
	XR1
	XR2
	XR3
	XR4
	YR1
	YR2
	YR3
	YR4
	numLabels
)

// FirstFreeLabel is the first label this package's table leaves free. A
// primitive that names its own labels (Labeled) numbers them from here,
// so that they never meet the table's in one program (a lesson's critical
// section, CS1 and CS2, runs beside any primitive).
const FirstFreeLabel = int(numLabels)

var labelNames = [numLabels]string{
	E1: "E1", E2: "E2", E3: "E3", E4: "E4", E5: "E5", E6: "E6", E7: "E7", E9: "E9", E10: "E10",
	S0: "S0", S1: "S1", S3: "S3", S4: "S4",
	L1: "L1",
	G1: "G1", G2: "G2", G3: "G3", G4: "G4", G5: "G5", G6: "G6", G7: "G7",
	A1: "A1", D1: "D1", D2: "D2", D3: "D3", D4: "D4",
	P1: "P1", P2: "P2", P3: "P3", P4: "P4",
	Q1: "Q1", Q2: "Q2", Q3: "Q3", Q4: "Q4", Q5: "Q5", Q6: "Q6",
	M1a: "M1a", M1b: "M1b", M2a: "M2a", M2b: "M2b", M3: "M3", M4a: "M4a", M4b: "M4b", M5: "M5",
	U1: "U1", U2: "U2", U3: "U3", U4a: "U4a", U4b: "U4b", U5a: "U5a", U5b: "U5b", U6: "U6", TL1: "TL1",
	V1: "V1", V2: "V2", V3: "V3", V4: "V4", V5: "V5",
	GA1: "GA1", GA2: "GA2", GA3: "GA3", GA4: "GA4",
	GW1: "GW1", GW2: "GW2", GW3: "GW3", GW4: "GW4",
	CS1: "CS1", CS2: "CS2", SP1: "SP1", WD1: "WD1", WF1: "WF1", WX1: "WX1",
	SN1: "SN1", SN3: "SN3", SN4: "SN4", SN5: "SN5", SN6: "SN6", SN7: "SN7", SN8: "SN8", RC1: "RC1", RC3: "RC3", RC4: "RC4", RC5: "RC5", RC6: "RC6", RC7: "RC7", RC8: "RC8", CL1: "CL1", CF1: "CF1", CD1: "CD1",
	C1a: "C1a", C1b: "C1b", C1c: "C1c", C2a: "C2a", C2b: "C2b", C2c: "C2c", C3a: "C3a", C3s: "C3s", C3b: "C3b", C3c: "C3c", C3d: "C3d", C3e: "C3e", C3f: "C3f", C3g: "C3g", C5a: "C5a", C5b: "C5b", NO1: "NO1", NO1s: "NO1s", NO2: "NO2", NO3: "NO3", NO4: "NO4", NO5: "NO5", NO6: "NO6", NA1: "NA1", NA1s: "NA1s", NA2: "NA2", NA3: "NA3", NA4: "NA4", NA5: "NA5", NA6: "NA6", WU1: "WU1", WU2: "WU2", WU3: "WU3", WU4: "WU4", WU5: "WU5", CR1: "CR1", CR2: "CR2", CR3: "CR3", CR4: "CR4", CR4b: "CR4b", CR5: "CR5", CR6: "CR6", CR7: "CR7", CR8: "CR8", CR9: "CR9", SR1: "SR1",
	STX: "STX", STY: "STY", LDX: "LDX", LDY: "LDY", XR1: "XR1", XR2: "XR2", XR3: "XR3", XR4: "XR4", YR1: "YR1", YR2: "YR2", YR3: "YR3", YR4: "YR4",
}

// LabelName names step label pc ("G4").
func LabelName(pc int) string {
	if pc > 0 && pc < int(numLabels) && labelNames[pc] != "" {
		return labelNames[pc]
	}
	return "?"
}

// LabelNumber is the step label named name ("G4"), and whether there is
// one.
func LabelNumber(name string) (int, bool) {
	for pc := 1; pc < int(numLabels); pc++ {
		if labelNames[pc] == name {
			return pc, true
		}
	}
	return 0, false
}

// A Line is one line of an operation's algorithm as the playground shows
// it: the label of one step and that step written as code, in the
// language of the original (C++ for tinyCoro, Go for Go's WaitGroup).
// Leading spaces indent the body of a loop or a branch.
type Line struct {
	Label int
	Code  string
}

// labelText is what the label tables hold for each label: what its step
// does, in a few words, and the step as a line of code.
type labelText struct {
	doc, code string
}

// labelTables hold what each label does and its line of code, one table
// per primitive file.
var labelTables = []map[int]labelText{waitGroupLabels, waitGroupFixedLabels, goWaitGroupLabels,
	eventLabels, latchLabels, mutexLockLabels, mutexLabels, mutexLIFOLabels, condVarLabels, channelLabels, criticalSectionLabels,
	runtimeLabels, whenAllLabels, litmusLabels}

// LabelDoc says in a few words what the step at label pc does, in the
// source's terms ("done(): take the whole waiter stack").
func LabelDoc(pc int) string {
	for _, t := range labelTables {
		if d, ok := t[pc]; ok {
			return d.doc
		}
	}
	return ""
}

// LabelCode is the step at label pc as a line of code, as the label
// tables write it; a variant may write a label its own way (see
// Operation.Lines).
func LabelCode(pc int) string {
	for _, t := range labelTables {
		if d, ok := t[pc]; ok {
			return d.code
		}
	}
	return ""
}

// Lines is the algorithm made of the steps at labels, in that order: each
// label's line from the label tables, or from own when it has one.
func Lines(own map[int]string, labels ...int) []Line {
	out := make([]Line, len(labels))
	for i, l := range labels {
		code, ok := own[l]
		if !ok {
			code = LabelCode(l)
		}
		out[i] = Line{Label: l, Code: code}
	}
	return out
}

// Indent indents ls one level: the body of a call written out in place
// (a latch's count_down runs its event's set).
func Indent(ls []Line) []Line {
	out := make([]Line, len(ls))
	for i, l := range ls {
		out[i] = Line{Label: l.Label, Code: "  " + l.Code}
	}
	return out
}
