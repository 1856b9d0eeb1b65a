package sim

func rawKeyDebug(m *Machine) stateKey {
	var out []uint64
	out = append(out, m.mem...)
	for _, e := range m.ended {
		if e == 0 {
			out = append(out, 0)
		} else {
			out = append(out, 1)
		}
	}
	for _, th := range m.threads {
		out = append(out, uint64(len(th.stack)), uint64(len(th.queue)))
		for _, c := range th.stack {
			out = append(out, uint64(c))
		}
		for _, c := range th.queue {
			out = append(out, uint64(c))
		}
	}
	for _, co := range m.coros {
		out = append(out, uint64(co.status), uint64(co.op), uint64(co.pc), uint64(co.ip), flags(co.started, co.dropped, co.registered, co.opened, co.holder), co.arg, co.loops[0], co.loops[1], co.semWait, uint64(co.semSeq), uint64(co.lockSeq))
		out = append(out, co.locals[:]...)
		for _, k := range co.localKind {
			out = append(out, uint64(k))
		}
	}
	if true {
		return hashWords(out)
	}
	for _, v := range m.vc {
		out = append(out, uint64(v))
	}
	for _, v := range m.rel {
		out = append(out, uint64(v))
	}
	for _, v := range m.wake {
		out = append(out, uint64(v))
	}
	for _, e := range m.lastW {
		out = append(out, uint64(e.thread), uint64(e.clock))
	}
	for _, e := range m.reads {
		out = append(out, uint64(e.thread), uint64(e.clock))
	}
	out = append(out, uint64(len(m.races)))
	return hashWords(out)
}
