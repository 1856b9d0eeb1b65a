package rc11

import (
	"fmt"
	"slices"
	"strings"
)

// ReleaseSequences picks the definition of a release sequence.
type ReleaseSequences uint8

const (
	// CPP20: the release write, then the read-modify-writes that read
	// from it, transitively: rs = [W]; (rf; rmw)*. C++20's, and the
	// default.
	CPP20 ReleaseSequences = iota
	// RC11: also the same thread's later writes to the location, as in
	// the paper and herd7's rc11.cat: rs = [W]; (po|loc)?; [W]; (rf; rmw)*.
	RC11
)

func (rs ReleaseSequences) String() string {
	if rs == RC11 {
		return "rc11"
	}
	return "c++20"
}

// Outcome is what an execution ends with: every register (0 when no read
// filled it) and every location's last write in modification order.
type Outcome struct {
	Regs []int64
	Mem  []int64
}

// Format writes o with p's names: "r1=1 r2=0 x=1 y=1".
func (p *Program) Format(o Outcome) string {
	var parts []string
	for r, v := range o.Regs {
		parts = append(parts, fmt.Sprintf("%s=%d", p.regName(r), v))
	}
	for l, v := range o.Mem {
		parts = append(parts, fmt.Sprintf("%s=%d", p.locName(l), v))
	}
	return strings.Join(parts, " ")
}

// Candidates bounds the candidate executions of p that Run examines: the
// product of each read's possible writes and of each location's orders
// of its writes. A program's cost is about proportional to it.
func Candidates(p *Program) float64 {
	g := newGraph(p)
	n := 1.0
	for _, r := range g.reads {
		k := 0
		for _, w := range g.writes[g.events[r].loc] {
			if !g.po.has(r, w) {
				k++
			}
		}
		n *= float64(k)
	}
	for _, ws := range g.writes {
		for i := 2; i < len(ws); i++ {
			n *= float64(i)
		}
	}
	return n
}

// Result is what the oracle found for a program.
type Result struct {
	// Outcomes are the distinct outcomes of the consistent executions,
	// ordered by Format.
	Outcomes []Outcome
	// Consistent counts the consistent executions, Candidates the
	// candidate graphs (an rf and an mo each) examined.
	Consistent, Candidates int
}

// Run enumerates p's candidate executions and keeps the RC11-consistent
// ones, with release sequences as rs says.
func Run(p *Program, rs ReleaseSequences) (Result, error) {
	if err := p.Validate(); err != nil {
		return Result{}, err
	}
	g := newGraph(p)
	var res Result
	seen := map[string]bool{}
	g.eachCandidate(rs, func(c *candidate) {
		res.Candidates++
		if !c.consistent() {
			return
		}
		res.Consistent++
		o := c.outcome()
		if k := p.Format(o); !seen[k] {
			seen[k] = true
			res.Outcomes = append(res.Outcomes, o)
		}
	})
	slices.SortFunc(res.Outcomes, func(a, b Outcome) int { return strings.Compare(p.Format(a), p.Format(b)) })
	return res, nil
}

// kind is an event's kind.
type kind uint8

const (
	read kind = iota
	write
	fence
)

// event is one event of a program's executions: an initial write, or one
// instruction's read, write or fence.
type event struct {
	kind   kind
	thread int // -1 for an initial write
	instr  int // the instruction's index in its thread
	loc    int
	// partner is the other half of a read-modify-write, or -1.
	partner int
}

// graph holds what every candidate execution of a program shares: its
// events (a compare-exchange's write only possibly) and program order.
type graph struct {
	p      *Program
	events []event
	po     relation
	// writes are each location's write events, its initial write first.
	writes [][]int
	reads  []int
}

func newGraph(p *Program) *graph {
	g := &graph{p: p, writes: make([][]int, p.Locs)}
	for l := range p.Locs {
		g.writes[l] = append(g.writes[l], len(g.events))
		g.events = append(g.events, event{kind: write, thread: -1, loc: l, partner: -1})
	}
	var threadEvents [][]int
	for t, th := range p.Threads {
		var mine []int
		for i, in := range th {
			add := func(k kind) int {
				e := len(g.events)
				g.events = append(g.events, event{kind: k, thread: t, instr: i, loc: in.Loc, partner: -1})
				mine = append(mine, e)
				return e
			}
			switch {
			case in.Op == Fence:
				add(fence)
			case in.Op == Load:
				g.reads = append(g.reads, add(read))
			case in.Op == Store:
				g.writes[in.Loc] = append(g.writes[in.Loc], add(write))
			default: // a read-modify-write: its read, then its write
				r := add(read)
				w := add(write)
				g.events[r].partner, g.events[w].partner = w, r
				g.reads = append(g.reads, r)
				g.writes[in.Loc] = append(g.writes[in.Loc], w)
			}
		}
		threadEvents = append(threadEvents, mine)
	}
	g.po = newRelation(len(g.events))
	for _, mine := range threadEvents {
		for i, a := range mine {
			for _, b := range mine[i+1:] {
				g.po.add(a, b)
			}
		}
	}
	return g
}

func (g *graph) instr(e int) Instr {
	ev := g.events[e]
	return g.p.Threads[ev.thread][ev.instr]
}

// candidate is one candidate execution: an rf for every read and an mo
// for every location, with the values they give.
type candidate struct {
	g     *graph
	n     int
	rs    ReleaseSequences
	rf    []int // the write each read reads from, -1 for other events
	mo    [][]int
	value []int64 // of every read and write
	exist set     // the events of the execution: all but failed CASes' writes

	// derived from rf, the same for every mo
	poE, rfR, rmw, sameLoc     relation
	w, r, f, rel, acq, sc, fsc set
	hb                         relation
}

// eachCandidate calls yield for every candidate execution whose po ∪ rf
// is acyclic and whose reads read writes that exist.
func (g *graph) eachCandidate(rs ReleaseSequences, yield func(*candidate)) {
	c := &candidate{g: g, n: len(g.events), rf: make([]int, len(g.events)), rs: rs}
	for i := range c.rf {
		c.rf[i] = -1
	}
	var chooseRF func(k int)
	chooseRF = func(k int) {
		if k == len(g.reads) {
			if c.prepare() {
				c.eachMO(0, yield)
			}
			return
		}
		r := g.reads[k]
		for _, w := range g.writes[g.events[r].loc] {
			if g.po.has(r, w) {
				continue // its own thread's later write: po ∪ rf would have a cycle
			}
			c.rf[r] = w
			chooseRF(k + 1)
		}
		c.rf[r] = -1
	}
	chooseRF(0)
}

// prepare computes what rf fixes (values, which writes exist, hb) and
// says whether the candidate is worth an mo: po ∪ rf is acyclic and
// every read reads from a write that exists.
func (c *candidate) prepare() bool {
	g := c.g
	c.rfR = newRelation(c.n)
	for _, r := range g.reads {
		c.rfR.add(c.rf[r], r)
	}
	if !acyclic(union(g.po, c.rfR)) {
		return false // a value out of thin air, or a read of a later write
	}
	// Values, in an order po ∪ rf allows: a read's is its write's, a
	// write's its constant or what its read-modify-write computes.
	c.value = make([]int64, c.n)
	done := make([]bool, c.n)
	var val func(e int) int64
	val = func(e int) int64 {
		if done[e] {
			return c.value[e]
		}
		ev := g.events[e]
		var v int64
		switch {
		case ev.thread < 0:
			v = 0
		case ev.kind == read:
			v = val(c.rf[e])
		default:
			in := g.instr(e)
			v = in.Value
			if in.Op == FetchAdd {
				v += val(ev.partner)
			}
		}
		c.value[e], done[e] = v, true
		return v
	}
	c.exist = 0
	for e, ev := range g.events {
		val(e)
		if ev.kind == write && ev.thread >= 0 && g.instr(e).Op == CompareExchange && val(ev.partner) != g.instr(e).Expected {
			continue // a failed compare-exchange writes nothing
		}
		c.exist |= 1 << e
	}
	for _, r := range g.reads {
		if !c.exist.has(c.rf[r]) {
			return false
		}
	}
	c.derive()
	c.hb = c.happensBefore()
	return irreflexive(c.hb)
}

// derive computes the sets and the relations rf fixes: the modes, rmw,
// the same-location relation.
func (c *candidate) derive() {
	g := c.g
	c.poE = newRelation(c.n)
	for a := range c.n {
		if c.exist.has(a) {
			c.poE[a] = g.po[a] & uint64(c.exist)
		}
	}
	c.rmw, c.sameLoc = newRelation(c.n), newRelation(c.n)
	c.w, c.r, c.f, c.rel, c.acq, c.sc, c.fsc = 0, 0, 0, 0, 0, 0, 0
	for e, ev := range g.events {
		if !c.exist.has(e) {
			continue
		}
		bit := set(1) << e
		var mode Order
		switch ev.kind {
		case write:
			c.w |= bit
			if ev.thread >= 0 {
				mode = writeMode(g.instr(e).Order)
			}
			if ev.partner >= 0 {
				c.rmw.add(ev.partner, e)
			}
		case read:
			c.r |= bit
			in := g.instr(e)
			mode = readMode(in.Order)
			if in.Op == CompareExchange && !c.exist.has(ev.partner) {
				mode = readMode(in.FailOrder)
			}
		case fence:
			c.f |= bit
			mode = g.instr(e).Order
		}
		if mode == Release || mode == AcqRel || mode == SeqCst {
			c.rel |= bit
		}
		if mode == Acquire || mode == AcqRel || mode == SeqCst {
			c.acq |= bit
		}
		if mode == SeqCst {
			c.sc |= bit
			if ev.kind == fence {
				c.fsc |= bit
			}
		}
		for b, eb := range g.events {
			if c.exist.has(b) && ev.kind != fence && eb.kind != fence && ev.loc == eb.loc {
				c.sameLoc.add(e, b)
			}
		}
	}
}

// happensBefore is hb = (po ∪ sw)⁺ with the candidate's release
// sequences.
func (c *candidate) happensBefore() relation {
	n := c.n
	W, R, F := ident(n, c.w), ident(n, c.r), ident(n, c.f)
	var relSeq relation
	if c.rs == RC11 {
		relSeq = seq(W, opt(inter(c.poE, c.sameLoc)), W, star(seq(c.rfR, c.rmw)))
	} else {
		relSeq = seq(W, star(seq(c.rfR, c.rmw)))
	}
	// [E⊒rel]; ([F]; po)?: a release write heading its sequence, or a
	// release fence before the write that heads it.
	relHead := union(ident(n, c.w&c.rel), seq(ident(n, c.f&c.rel), F, c.poE))
	// [R]; (po; [F])?; [E⊒acq]: an acquire read, or a read before an
	// acquire fence.
	acqTail := union(ident(n, c.r&c.acq), seq(R, c.poE, F, ident(n, c.f&c.acq)))
	sw := seq(relHead, relSeq, c.rfR, R, acqTail)
	return plus(union(c.poE, sw))
}

// eachMO chooses the modification order of location l and those after.
func (c *candidate) eachMO(l int, yield func(*candidate)) {
	g := c.g
	if l == 0 {
		c.mo = make([][]int, g.p.Locs)
	}
	if l == g.p.Locs {
		yield(c)
		return
	}
	var ws []int
	for _, w := range g.writes[l][1:] {
		if c.exist.has(w) {
			ws = append(ws, w)
		}
	}
	order := []int{g.writes[l][0]} // the initial write first
	var permute func(rest []int)
	permute = func(rest []int) {
		if len(rest) == 0 {
			c.mo[l] = slices.Clone(order)
			c.eachMO(l+1, yield)
			return
		}
		for i, w := range rest {
			order = append(order, w)
			others := slices.Concat(rest[:i], rest[i+1:])
			permute(others)
			order = order[:len(order)-1]
		}
	}
	permute(ws)
}

// consistent says whether the candidate is RC11-consistent.
func (c *candidate) consistent() bool {
	n, hb := c.n, c.hb
	mo := newRelation(n)
	for _, order := range c.mo {
		for i, a := range order {
			for _, b := range order[i+1:] {
				mo.add(a, b)
			}
		}
	}
	fr := seq(inverse(c.rfR), mo)
	eco := plus(union(c.rfR, mo, fr))
	if !irreflexive(seq(hb, opt(eco))) {
		return false // coherence
	}
	if !empty(inter(c.rmw, seq(fr, mo))) {
		return false // atomicity
	}
	// SC: psc_base ∪ psc_F acyclic.
	po := c.poE
	poNotLoc := minus(po, c.sameLoc)
	scb := union(po, seq(poNotLoc, hb, poNotLoc), inter(hb, c.sameLoc), mo, fr)
	SC, FSC := ident(n, c.sc), ident(n, c.fsc)
	pscBase := seq(union(SC, seq(FSC, opt(hb))), scb, union(SC, seq(opt(hb), FSC)))
	pscF := seq(FSC, union(hb, seq(hb, eco, hb)), FSC)
	// po ∪ rf is acyclic: prepare kept only such candidates.
	return acyclic(union(pscBase, pscF))
}

// outcome is the candidate's registers and final memory.
func (c *candidate) outcome() Outcome {
	g := c.g
	o := Outcome{Regs: make([]int64, g.p.Regs), Mem: make([]int64, g.p.Locs)}
	for _, r := range g.reads {
		if in := g.instr(r); in.Reg >= 0 {
			o.Regs[in.Reg] = c.value[r]
		}
	}
	for l, order := range c.mo {
		o.Mem[l] = c.value[order[len(order)-1]]
	}
	return o
}
