package main

import (
	"encoding/json"
	"io"

	"lockstep/sim"
)

// runReport is what `run --json` prints: one object for the whole run.
// Field names follow the "step" record of the WebSocket protocol.
type runReport struct {
	Scenario string         `json:"scenario"`
	Variant  string         `json:"variant"`
	Params   map[string]int `json:"params"`
	Schedule string         `json:"schedule"`
	Outcome  jsonOutcome    `json:"outcome"`
	Steps    []jsonStep     `json:"steps"`
}

type jsonOutcome struct {
	Kind      sim.Kind `json:"kind"`
	Message   string   `json:"message"`
	Step      *int     `json:"step"` // null when no single step is to blame
	Thread    string   `json:"thread,omitempty"`
	Coroutine string   `json:"coroutine,omitempty"`
}

type jsonStep struct {
	Index     int           `json:"index"`
	Thread    string        `json:"thread"`
	Coroutine string        `json:"coroutine"`
	Label     string        `json:"label"`
	Op        string        `json:"op"`
	Cell      string        `json:"cell,omitempty"`
	Order     string        `json:"order,omitempty"`
	FailOrder string        `json:"fail_order,omitempty"`
	Expected  string        `json:"expected,omitempty"`
	Value     string        `json:"value,omitempty"`
	Result    string        `json:"result,omitempty"`
	OK        *bool         `json:"ok,omitempty"`
	Loc       *jsonLoc      `json:"loc,omitempty"`
	Events    []jsonEvent   `json:"events"`
	Changed   []string      `json:"changed"`
	Findings  []jsonOutcome `json:"findings"`
	// Text is the step's line of the text trace, without its index and
	// state: "W1 G6 cas wg.m_state acq_rel/relaxed nullptr -> ...; W1 parks".
	Text  string `json:"text"`
	State string `json:"state"`
}

type jsonLoc struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Function string `json:"function"`
}

type jsonEvent struct {
	Kind      string `json:"kind"`
	Coroutine string `json:"coroutine"`
	Thread    string `json:"thread,omitempty"`
	Op        string `json:"op,omitempty"`
}

// writeJSON prints a trace as one indented JSON object.
func writeJSON(w io.Writer, t *trace, scenario, variant string, params map[string]int) error {
	rep := runReport{Scenario: scenario, Variant: variant, Params: params,
		Schedule: t.schedule.String(), Outcome: outcomeJSON(t.outcome), Steps: []jsonStep{}}
	for _, st := range t.steps {
		rep.Steps = append(rep.Steps, stepJSON(t.prog, st))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(rep)
}

func outcomeJSON(o sim.Outcome) jsonOutcome {
	j := jsonOutcome{Kind: o.Kind, Message: o.Message, Thread: o.Thread, Coroutine: o.Coroutine}
	if o.Step >= 0 {
		step := o.Step
		j.Step = &step
	}
	return j
}

// stepJSON converts one step, every value shown symbolically.
func stepJSON(p *sim.Program, st traceStep) jsonStep {
	r := st.rec
	j := jsonStep{Index: r.Index, Thread: p.Threads[r.Thread].Name, Coroutine: p.Coroutines[r.Coroutine].Name,
		Op: r.Op.String(), Events: []jsonEvent{}, Changed: st.changed, Findings: []jsonOutcome{},
		Text: describeStep(p, st).text(), State: stateText(p, st.after)}
	if j.Changed == nil {
		j.Changed = []string{}
	}
	if r.Label >= 0 {
		j.Label = p.Label(r.Label)
	}
	if r.Loc.File != "" {
		j.Loc = &jsonLoc{File: r.Loc.File, Line: r.Loc.Line, Function: r.Loc.Function}
	}
	v := func(w sim.Word) string { return p.FormatCell(r.Addr, w) }
	done := !fatalAt(r)
	switch r.Op {
	case sim.OpResume:
	case sim.OpSubmit:
		j.Cell = objectName(p, r.Addr)
		if done {
			j.Result = p.Format(sim.Handle, nil, r.Result)
			j.Value = p.Format(sim.Context, nil, r.Value)
		}
	default:
		j.Cell = p.CellName(r.Addr)
	}
	if r.Op.Atomic() {
		j.Order = sim.OrderName(r.Order)
	}
	switch r.Op {
	case sim.OpStore, sim.OpExchange, sim.OpFetchAdd, sim.OpWrite:
		j.Value = v(r.Value)
	case sim.OpCAS:
		j.Value, j.Expected, j.FailOrder = v(r.Value), v(r.Expected), sim.OrderName(r.FailOrder)
		if done {
			ok := r.OK
			j.OK = &ok
		}
	}
	if done {
		switch r.Op {
		case sim.OpLoad, sim.OpExchange, sim.OpCAS, sim.OpFetchAdd, sim.OpRead, sim.OpSemAcquire:
			j.Result = v(r.Result)
		case sim.OpSemRelease:
			j.Result = v(r.Result)
			if hasEvent(r, sim.EvQueued) {
				j.Result = p.Format(sim.Handle, nil, r.Result) // the permit went to this coroutine
			}
		}
	}
	for _, e := range r.Events {
		je := jsonEvent{Kind: e.Kind.String(), Coroutine: p.Coroutines[e.Coroutine].Name, Op: e.Op}
		if e.Thread >= 0 {
			je.Thread = p.Threads[e.Thread].Name
		}
		j.Events = append(j.Events, je)
	}
	for _, f := range r.Findings {
		j.Findings = append(j.Findings, outcomeJSON(f))
	}
	return j
}
