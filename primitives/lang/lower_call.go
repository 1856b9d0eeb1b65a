package lang

import (
	"fmt"

	"lockstep/primitives"
	"lockstep/primitives/lang/graph"
	"lockstep/primitives/lang/syntax"
	"lockstep/primitives/lang/word"
)

// call lowers NAME(args) used as a value: a builtin or a conversion.
func (l *lowerer) call(x *syntax.Call) word.Value {
	switch x.Fun {
	case "panic", "registered", "sem_acquire", "atomic_thread_fence":
		l.errs.Add(x.Pos, "%s(...) is a statement of its own", x.Fun)
		return word.Bad
	case "register_wait", "unregister_wait":
		if !l.noFacts(x.Pos) {
			return word.Bad
		}
		if len(x.Args) != 0 {
			l.errs.Add(x.Pos, "%s() takes no arguments", x.Fun)
		}
		// context::register_wait(): m_ctx's num_wait.fetch_add(1, acq_rel);
		// unregister_wait() subtracts 1.
		delta := uint64(1)
		if x.Fun == "unregister_wait" {
			delta = ^uint64(0)
		}
		return word.Value{Type: syntax.TyNone, Access: 1, Fn: func(m primitives.Mem) uint64 {
			m.FetchAdd(m.Context()+primitives.NumWait, delta, primitives.AcqRel)
			return 0
		}}
	case "sem_release":
		if !l.noFacts(x.Pos) {
			return word.Bad
		}
		fi := l.semField(x)
		if fi == nil {
			return word.Bad
		}
		addr := l.fieldAddr(fi)
		return word.Value{Type: syntax.TyNone, Access: 1, Fn: func(m primitives.Mem) uint64 { m.SemRelease(addr(m)); return 0 }}
	case "pair":
		if len(x.Args) != 2 {
			l.errs.Add(x.Pos, "pair(count, head) takes two arguments")
			return word.Bad
		}
		c, h := l.expr(x.Args[0]), l.expr(x.Args[1])
		fc, fh := l.convert(c, syntax.TyInt32, x.Pos, "a pair's count"), l.convert(h, syntax.TyPtr, x.Pos, "a pair's head")
		if c.Type == syntax.TyBad || h.Type == syntax.TyBad {
			return word.Bad
		}
		return word.Fold(word.Value{Type: syntax.TyPair, Access: c.Access + h.Access, Fn: func(m primitives.Mem) uint64 {
			return word.Pair(fc(m), fh(m))
		}}, c, h)
	}
	if t, ok := syntax.TypeWords[x.Fun]; ok && t != syntax.TyAuto {
		if len(x.Args) != 1 {
			l.errs.Add(x.Pos, "%s(x) converts one value", x.Fun)
			return word.Bad
		}
		v := l.expr(x.Args[0])
		return word.Fold(word.Cast(l.errs, v, t, x.Pos), v)
	}
	if l.opNamed(x.Fun) != nil {
		l.errs.Add(x.Pos, "a call of %s is a statement of its own: %s(...);", x.Fun, x.Fun)
		return word.Bad
	}
	l.errs.Add(x.Pos, "%s is not a function (the builtins: register_wait, unregister_wait, sem_acquire, sem_release, registered, panic, atomic_thread_fence, pair, and the conversions int32(x)...)", x.Fun)
	return word.Bad
}

// noFacts reports false, with an error, inside a fact.
func (l *lowerer) noFacts(at syntax.Pos) bool {
	if l.facts {
		l.errs.Add(at, "a fact reads the primitive's fields only: it performs no operation")
	}
	return !l.facts
}

// method lowers X.NAME(args): an atomic operation on a field, or a
// resume of an awaiter.
func (l *lowerer) method(x *syntax.Method) word.Value {
	if !l.noFacts(x.Pos) {
		return word.Bad
	}
	if x.Name == "resume" {
		return l.resume(x)
	}
	var fi *fieldInst
	switch r := x.X.(type) {
	case *syntax.Ident:
		if l.global(r.Name) == "field" {
			fi = l.field(r.Name, r.Pos)
			if fi == nil {
				return word.Bad
			}
		}
	case *syntax.Member:
		fi = l.dottedField(r)
	}
	if fi == nil {
		l.errs.Add(x.Pos, ".%s() is an atomic operation on a field of the primitive", x.Name)
		return word.Bad
	}
	if !fi.decl.Atomic {
		l.errs.Add(x.Pos, "%s is a plain field: read it by name and write it with =; .%s() is for atomics", fi.decl.Name, x.Name)
		return word.Bad
	}
	return l.atomic(fi, x)
}

// resume is p->resume(): node->m_ctx.submit_task(node->m_await_coro).
func (l *lowerer) resume(x *syntax.Method) word.Value {
	if len(x.Args) != 0 {
		l.errs.Add(x.Pos, "resume() takes no arguments")
	}
	p := l.expr(x.X)
	if p.Type == syntax.TyBad {
		return word.Bad
	}
	if p.Type != syntax.TyPtr {
		l.errs.Add(x.Pos, "resume() is called on a pointer to an awaiter, not on %s", p.Type)
		return word.Bad
	}
	f := p.Fn
	return word.Value{Type: syntax.TyNone, Access: p.Access + 1, Fn: func(m primitives.Mem) uint64 { m.Submit(f(m)); return 0 }}
}

// orderSet is a set of memory orders.
type orderSet uint8

func orders(os ...primitives.Order) orderSet {
	var s orderSet
	for _, o := range os {
		s |= 1 << o
	}
	return s
}

var (
	allOrders  = orders(primitives.Relaxed, primitives.Acquire, primitives.Release, primitives.AcqRel, primitives.SeqCst)
	loadOrders = orders(primitives.Relaxed, primitives.Acquire, primitives.SeqCst)
	// storeOrders are a store's; a CAS's failure order may not release
	// either, since a failed CAS writes nothing.
	storeOrders = orders(primitives.Relaxed, primitives.Release, primitives.SeqCst)
)

var orderWords = [...]string{"relaxed", "acquire", "release", "acq_rel", "seq_cst"}

// An orderFn is a memory order as a step computes it: a constant, or a
// value known when the step runs (a parameter's, the operation's
// argument).
type orderFn func(m primitives.Mem) primitives.Order

// constOrder is the constant order o.
func constOrder(o primitives.Order) orderFn {
	return func(primitives.Mem) primitives.Order { return o }
}

// order reads a memory order argument, seq_cst when absent. An order
// that is constant once the parameters are known is checked against ok
// here; the operation's argument is narrowed to ok (argOrders), which
// the script compiler then checks; any other order chosen at run time is
// checked when the step runs.
func (l *lowerer) order(args []syntax.Expr, i int, ok orderSet, op string) orderFn {
	if i >= len(args) {
		return constOrder(primitives.SeqCst)
	}
	v := l.expr(args[i])
	if v.Type == syntax.TyBad {
		return constOrder(primitives.SeqCst)
	}
	if v.Type != syntax.TyOrder {
		l.errs.Add(args[i].At(), "a memory order: relaxed, acquire, release, acq_rel, seq_cst or a memory_order value, not %s", v.Type)
		return constOrder(primitives.SeqCst)
	}
	if v.Access > 0 {
		l.errs.Add(args[i].At(), "a memory order is chosen without touching shared memory")
		return constOrder(primitives.SeqCst)
	}
	if v.Const {
		o := primitives.Order(v.Val)
		if ok&(1<<o) == 0 {
			l.errs.Add(args[i].At(), "%s cannot be %s", op, orderWords[o])
		}
		return constOrder(o)
	}
	if v.Param {
		l.argOrders &= ok
	}
	f, at := v.Fn, args[i].At()
	return func(m primitives.Mem) primitives.Order {
		o := primitives.Order(f(m))
		if ok&(1<<o) == 0 {
			panic(word.Fail(fmt.Sprintf("%s cannot be %s (the order at %s)", op, orderWords[o], at)))
		}
		return o
	}
}

// failureOrder is the failure order C++ gives a compare_exchange with one
// order: the success order without its release part.
func failureOrder(o primitives.Order) primitives.Order {
	switch o {
	case primitives.AcqRel:
		return primitives.Acquire
	case primitives.Release:
		return primitives.Relaxed
	}
	return o
}

// atomic lowers an atomic operation on field fi.
func (l *lowerer) atomic(fi *fieldInst, x *syntax.Method) word.Value {
	addr, t, name := l.fieldAddr(fi), fi.decl.Type, fi.decl.Name
	args := x.Args
	nargs := func(lo, hi int, form string) bool {
		if len(args) < lo || len(args) > hi {
			l.errs.Add(x.Pos, "write %s.%s", name, form)
			return false
		}
		return true
	}
	val := func(i int, what string) (graph.EvalFn, int) {
		v := l.expr(args[i])
		return l.convert(v, t, args[i].At(), what), v.Access
	}
	switch x.Name {
	case "load":
		if !nargs(0, 1, "load(order)") {
			return word.Bad
		}
		o := l.order(args, 0, loadOrders, "a load")
		return word.Value{Type: t, Access: 1, Fn: func(m primitives.Mem) uint64 { return m.Load(addr(m), o(m)) }}
	case "store":
		if !nargs(1, 2, "store(value, order)") {
			return word.Bad
		}
		v, n := val(0, "the value stored")
		o := l.order(args, 1, storeOrders, "a store")
		return word.Value{Type: syntax.TyNone, Access: 1 + n, Fn: func(m primitives.Mem) uint64 { m.Store(addr(m), v(m), o(m)); return 0 }}
	case "exchange":
		if !nargs(1, 2, "exchange(value, order)") {
			return word.Bad
		}
		v, n := val(0, "the value exchanged")
		o := l.order(args, 1, allOrders, "an exchange")
		return word.Value{Type: t, Access: 1 + n, Fn: func(m primitives.Mem) uint64 { return m.Exchange(addr(m), v(m), o(m)) }}
	case "fetch_add", "fetch_sub":
		if !nargs(1, 2, x.Name+"(delta, order)") {
			return word.Bad
		}
		if !t.IsInt() {
			l.errs.Add(x.Pos, "%s is %s: %s works on integers", name, t, x.Name)
			return word.Bad
		}
		v, n := val(0, "the delta")
		o := l.order(args, 1, allOrders, "a "+x.Name)
		if x.Name == "fetch_sub" {
			return word.Value{Type: t, Access: 1 + n, Fn: func(m primitives.Mem) uint64 { return m.FetchAdd(addr(m), -v(m), o(m)) }}
		}
		return word.Value{Type: t, Access: 1 + n, Fn: func(m primitives.Mem) uint64 { return m.FetchAdd(addr(m), v(m), o(m)) }}
	case "compare_exchange_weak", "compare_exchange_strong":
		return l.cas(fi, x)
	}
	l.errs.Add(x.Pos, "an atomic has load, store, exchange, fetch_add, fetch_sub, compare_exchange_weak and compare_exchange_strong, not %s", x.Name)
	return word.Bad
}

// cas lowers compare_exchange_weak and compare_exchange_strong (a weak
// CAS is modelled as strong: a spurious failure only adds a retry). As in
// C++, a failed CAS writes the value it saw into expected when expected
// is a local.
func (l *lowerer) cas(fi *fieldInst, x *syntax.Method) word.Value {
	addr, t := l.fieldAddr(fi), fi.decl.Type
	args := x.Args
	if len(args) < 2 || len(args) > 4 {
		l.errs.Add(x.Pos, "write %s.%s(expected, desired, success, failure)", fi.decl.Name, x.Name)
		return word.Bad
	}
	e, d := l.expr(args[0]), l.expr(args[1])
	fe, fd := l.convert(e, t, args[0].At(), "expected"), l.convert(d, t, args[1].At(), "desired")
	s := l.order(args, 2, allOrders, "a compare_exchange")
	f := func(m primitives.Mem) primitives.Order { return failureOrder(s(m)) }
	if len(args) == 4 {
		f = l.order(args, 3, loadOrders, "the failure order of a compare_exchange")
	}
	access := 1 + e.Access + d.Access
	if e.Local {
		loc := l.localOf(args[0])
		slot, lt := loc.slot, loc.t
		return word.Value{Type: syntax.TyBool, Access: access, Fn: func(m primitives.Mem) uint64 {
			seen, ok := m.CompareAndSwap(addr(m), fe(m), fd(m), s(m), f(m))
			if !ok {
				m.SetLocal(slot, word.Norm(lt, seen))
			}
			return word.Bool(ok)
		}}
	}
	return word.Value{Type: syntax.TyBool, Access: access, Fn: func(m primitives.Mem) uint64 {
		_, ok := m.CompareAndSwap(addr(m), fe(m), fd(m), s(m), f(m))
		return word.Bool(ok)
	}}
}

// localOf is the local x names (x is known to name one).
func (l *lowerer) localOf(x syntax.Expr) local {
	id, _ := x.(*syntax.Ident)
	v, _ := l.lookupLocal(id.Name)
	return v
}
