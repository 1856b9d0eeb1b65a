package words

import (
	"strconv"

	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/record"
)

// Values are a step's cell, memory orders and values, shown symbolically;
// those that mean nothing for the operation are empty. Their JSON names are
// the WebSocket protocol's.
type Values struct {
	Cell      string `json:"cell"`
	Order     string `json:"order,omitempty"`
	FailOrder string `json:"fail_order,omitempty"`
	Expected  string `json:"expected,omitempty"`
	Value     string `json:"value,omitempty"`
	Result    string `json:"result,omitempty"`
}

// ValuesOf shows record r's cell, orders and values symbolically. A
// fetch_add's value is the signed delta ("+1", "-1").
func ValuesOf(p *program.Program, r record.Step) Values {
	var v Values
	switch r.Op {
	case program.OpResume:
		return v
	case program.OpSpawn:
		v.Cell = ObjectName(p, r.Addr)
		v.Result = p.Format(program.Handle, nil, r.Result) // the new coroutine
		v.Value = p.Format(program.Context, nil, r.Value)  // its context
		return v
	case program.OpSubmit:
		v.Cell = p.CellName(r.Addr)
		v.Result = p.FormatCell(r.Addr+1, r.Result) // the handle, m_await_coro
		v.Value = p.FormatCell(r.Addr+2, r.Value)   // the context, m_ctx
		return v
	case program.OpFence:
		v.Order = program.OrderName(r.Order) // a fence touches no cell
		return v
	}
	v.Cell = p.CellName(r.Addr)
	if r.Op.Atomic() {
		v.Order = program.OrderName(r.Order)
	}
	switch r.Op {
	case program.OpLoad, program.OpRead, program.OpSemAcquire, program.OpSemRelease:
		v.Result = p.FormatCell(r.Addr, r.Result)
	case program.OpStore, program.OpWrite:
		v.Value = p.FormatCell(r.Addr, r.Value)
	case program.OpExchange:
		v.Value = p.FormatCell(r.Addr, r.Value)
		v.Result = p.FormatCell(r.Addr, r.Result)
	case program.OpCAS:
		v.FailOrder = program.OrderName(r.FailOrder)
		v.Expected = p.FormatCell(r.Addr, r.Expected)
		v.Value = p.FormatCell(r.Addr, r.Value)
		v.Result = p.FormatCell(r.Addr, r.Result)
	case program.OpFetchAdd:
		d, _ := addend(p, r)
		v.Value = signed(program.Word(d))
		v.Result = p.FormatCell(r.Addr, r.Result)
	}
	return v
}

// addend is what a fetch_add adds, in the terms of the code that called
// it: Go's WaitGroup adds delta<<32 to its state word, which is Add(delta)
// to the counter v in its high half, so it is delta, to the counter
// (counter is true).
func addend(p *program.Program, r record.Step) (d int64, counter bool) {
	d = int64(r.Value)
	if r.Addr < program.Word(len(p.Cells)) && p.Cells[r.Addr].Kind == program.GoState && d != 0 && d&0xffffffff == 0 {
		return d >> 32, true
	}
	return d, false
}

// signed shows a fetch_add operand as a signed number: "+1", "-1".
func signed(w program.Word) string {
	d := int64(w)
	if d > 0 {
		return "+" + strconv.FormatInt(d, 10)
	}
	return strconv.FormatInt(d, 10)
}

// CoroutineName names coroutine c of p, "" for none.
func CoroutineName(p *program.Program, c int) string {
	if c < 0 || c >= len(p.Coroutines) {
		return ""
	}
	return p.Coroutines[c].Name
}

// ThreadName names thread t of p, "" for none.
func ThreadName(p *program.Program, t int) string {
	if t < 0 || t >= len(p.Threads) {
		return ""
	}
	return p.Threads[t].Name
}

// LabelName names label pc, "" for a step without one (a resume).
func LabelName(p *program.Program, pc int) string {
	if pc < 0 {
		return ""
	}
	return p.Label(pc)
}

// HasEvent reports whether step r had an event of kind k.
func HasEvent(r record.Step, k record.EventKind) bool {
	for _, e := range r.Events {
		if e.Kind == k {
			return true
		}
	}
	return false
}

// FatalAt reports whether step r ended the run with a fatal finding, in
// which case its access did not complete.
func FatalAt(r record.Step) bool {
	for _, f := range r.Findings {
		if outcome.Fatal(f.Kind) {
			return true
		}
	}
	return false
}
