package trace

import (
	"encoding/json"
	"io"

	"lockstep/sim"
	"lockstep/sim/c11"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/record"
	"lockstep/sim/words"
)

// Header names what a trace is the run of, for WriteJSON.
type Header struct {
	Scenario string
	Variant  string
	Params   map[string]int
	Memory   sim.MemoryModel
}

// Report is what WriteJSON prints: one object for the whole run. Field
// names follow the "step" record of the WebSocket protocol.
type Report struct {
	Scenario string         `json:"scenario"`
	Variant  string         `json:"variant"`
	Params   map[string]int `json:"params"`
	Memory   string         `json:"memory,omitempty"` // "c11"; absent under sc
	Schedule string         `json:"schedule"`
	Outcome  ReportOutcome  `json:"outcome"`
	Steps    []ReportStep   `json:"steps"`
}

// ReportOutcome is an outcome or a finding; Step is null when no single
// step is to blame. CauseStep, when present, is the step that made a lost
// wakeup or a dropped task inevitable (Step is then where the waiter
// parked).
type ReportOutcome struct {
	Kind      outcome.Kind `json:"kind"`
	Message   string       `json:"message"`
	Step      *int         `json:"step"` // null when no single step is to blame
	CauseStep *int         `json:"cause_step,omitempty"`
	Thread    string       `json:"thread,omitempty"`
	Coroutine string       `json:"coroutine,omitempty"`
}

// ReportStep is one step, every value shown symbolically.
type ReportStep struct {
	Index     int             `json:"index"`
	Thread    string          `json:"thread"`
	Coroutine string          `json:"coroutine"`
	Label     string          `json:"label"`
	Op        string          `json:"op"`
	Cell      string          `json:"cell,omitempty"`
	Order     string          `json:"order,omitempty"`
	FailOrder string          `json:"fail_order,omitempty"`
	Expected  string          `json:"expected,omitempty"`
	Value     string          `json:"value,omitempty"`
	Result    string          `json:"result,omitempty"`
	OK        *bool           `json:"ok,omitempty"`
	Loc       *ReportLoc      `json:"loc,omitempty"`
	Events    []ReportEvent   `json:"events"`
	Changed   []string        `json:"changed"`
	Findings  []ReportOutcome `json:"findings"`
	// Read is the step's read under c11: the writes it could return.
	Read *ReportRead `json:"read,omitempty"`
	// Place is the step's store under c11 when it could take more than
	// one place in its cell's modification order.
	Place *ReportPlace `json:"place,omitempty"`
	// Text is the step's line of the text trace, without its index and
	// state: "W1 G6 cas wg.m_state acq_rel/relaxed nullptr -> ...; W1 parks".
	Text  string `json:"text"`
	State string `json:"state"`
}

// ReportLoc is the place in the primitives' source a step ran.
type ReportLoc struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Function string `json:"function"`
}

// ReportEvent is a change in a coroutine's life during a step.
type ReportEvent struct {
	Kind      string `json:"kind"`
	Coroutine string `json:"coroutine"`
	Thread    string `json:"thread,omitempty"`
	Op        string `json:"op,omitempty"`
}

// WriteJSON prints t as one indented JSON object, its messages and step
// texts in language lang; every value is shown symbolically.
func WriteJSON(w io.Writer, t *Trace, h Header, lang string) error {
	rep := Report{Scenario: h.Scenario, Variant: h.Variant, Params: h.Params,
		Schedule: t.Schedule.String(), Outcome: outcomeJSON(t.Outcome, lang), Steps: []ReportStep{}}
	if h.Memory != sim.SC {
		rep.Memory = h.Memory.String()
	}
	for _, st := range t.Steps {
		rep.Steps = append(rep.Steps, stepJSON(t.Program, st, lang))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(rep)
}

func outcomeJSON(o outcome.Outcome, lang string) ReportOutcome {
	j := ReportOutcome{Kind: o.Kind, Message: words.Outcome(o, lang), Thread: o.Thread, Coroutine: o.Coroutine}
	if o.Step >= 0 {
		step := o.Step
		j.Step = &step
	}
	if o.CauseStep >= 0 {
		cause := o.CauseStep
		j.CauseStep = &cause
	}
	return j
}

// stepJSON converts one step, every value shown symbolically.
func stepJSON(p *program.Program, st Step, lang string) ReportStep {
	r := st.Record
	j := ReportStep{Index: r.Index, Thread: words.ThreadName(p, r.Thread), Coroutine: words.CoroutineName(p, r.Coroutine),
		Op: r.Op.String(), Events: []ReportEvent{}, Changed: st.Changed, Findings: []ReportOutcome{},
		Text: describe(p, st, lang).text(), State: State(p, st.After)}
	if j.Changed == nil {
		j.Changed = []string{}
	}
	if r.Label >= 0 {
		j.Label = p.Label(r.Label)
	}
	j.Read = readJSON(p, r.Read)
	j.Place = placeJSON(p, r.Place)
	if r.Loc.File != "" {
		j.Loc = &ReportLoc{File: r.Loc.File, Line: r.Loc.Line, Function: r.Loc.Function}
	}
	v := func(w program.Word) string { return p.FormatCell(r.Addr, w) }
	done := !words.FatalAt(r)
	switch r.Op {
	case program.OpResume, program.OpFence:
	case program.OpSubmit:
		j.Cell = words.ObjectName(p, r.Addr)
		if done {
			j.Result = p.Format(program.Handle, nil, r.Result)
			j.Value = p.Format(program.Context, nil, r.Value)
		}
	default:
		j.Cell = p.CellName(r.Addr)
	}
	if r.Op.Atomic() || r.Op == program.OpFence {
		j.Order = program.OrderName(r.Order)
	}
	switch r.Op {
	case program.OpStore, program.OpExchange, program.OpFetchAdd, program.OpWrite:
		j.Value = v(r.Value)
	case program.OpCAS:
		j.Value, j.Expected, j.FailOrder = v(r.Value), v(r.Expected), program.OrderName(r.FailOrder)
		if done {
			ok := r.OK
			j.OK = &ok
		}
	}
	if done {
		switch r.Op {
		case program.OpLoad, program.OpExchange, program.OpCAS, program.OpFetchAdd, program.OpRead, program.OpSemAcquire:
			j.Result = v(r.Result)
		case program.OpSemRelease:
			j.Result = v(r.Result)
			if words.HasEvent(r, record.Queued) {
				j.Result = p.Format(program.Handle, nil, r.Result) // the permit went to this coroutine
			}
		}
	}
	for _, e := range r.Events {
		je := ReportEvent{Kind: e.Kind.String(), Coroutine: words.CoroutineName(p, e.Coroutine), Op: e.Op, Thread: words.ThreadName(p, e.Thread)}
		j.Events = append(j.Events, je)
	}
	for _, f := range r.Findings {
		j.Findings = append(j.Findings, outcomeJSON(f, lang))
	}
	return j
}

// ReportRead is a step's read under c11: the writes it could return,
// oldest first, and the index of the one it returned.
type ReportRead struct {
	Cell       string            `json:"cell"`
	Candidates []ReportCandidate `json:"candidates"`
	Chosen     int               `json:"chosen"`
	Stale      bool              `json:"stale"`
}

// ReportCandidate is one write a read could return; Source is how a
// schedule names it after '<' ("init" or the writer's step).
type ReportCandidate struct {
	Source string `json:"source"`
	Value  string `json:"value"`
	Thread string `json:"thread,omitempty"`
	Label  string `json:"label,omitempty"`
	Step   int    `json:"step"`
	Latest bool   `json:"latest"`
}

func readJSON(p *program.Program, rc *c11.ReadChoice) *ReportRead {
	if rc == nil {
		return nil
	}
	return &ReportRead{Cell: rc.Cell, Chosen: rc.Chosen, Stale: rc.Stale(), Candidates: candidatesJSON(p, rc.Addr, rc.Candidates)}
}

// ReportPlace is a step's store under c11 that could take more than one
// place in its cell's modification order: each named by the write it
// would go just before (Source, as a schedule names it after '^'),
// oldest first, the end last (Source and Value "", Latest true), and the
// index of the one it took.
type ReportPlace struct {
	Cell   string            `json:"cell"`
	Places []ReportCandidate `json:"places"`
	Chosen int               `json:"chosen"`
}

func placeJSON(p *program.Program, pc *c11.PlaceChoice) *ReportPlace {
	if pc == nil {
		return nil
	}
	return &ReportPlace{Cell: pc.Cell, Chosen: pc.Chosen, Places: candidatesJSON(p, pc.Addr, pc.Places)}
}

// candidatesJSON shows writes of the cell at addr, and the end of its
// modification order (Source Latest), which has no value.
func candidatesJSON(p *program.Program, addr program.Word, cs []c11.Candidate) []ReportCandidate {
	out := []ReportCandidate{}
	for _, c := range cs {
		if c.Source == c11.Latest {
			out = append(out, ReportCandidate{Step: -1, Latest: true})
			continue
		}
		out = append(out, ReportCandidate{Source: c.Source.String(), Value: p.FormatCell(addr, c.Value),
			Thread: c.Thread, Label: c.Label, Step: c.Step, Latest: c.Latest})
	}
	return out
}
