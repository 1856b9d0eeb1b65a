package sim

// MemoryKey hands add, word by word, the state the c11 model adds to a
// machine's, with the raw clocks it depends on: the threads' clocks, the
// release clocks of the atomic cells and of pending wakeups, every
// cell's modification order (value, writer, the writer's clock, the
// release clock it carries) and who has seen which of its writes, as a
// set. It leaves out the steps of the writes (a search names the write a
// read returns by its place among the candidates) and the stale reads
// kept for messages. Under sc it hands nothing.
func (m *Machine) MemoryKey(add func(uint64)) {
	w := m.weak
	if w == nil {
		return
	}
	for _, v := range m.vc {
		add(uint64(v))
	}
	for _, v := range m.rel {
		add(uint64(v))
	}
	for _, v := range m.wake {
		add(uint64(v))
	}
	for a := FirstAddress; a < Word(len(w.hist)); a++ {
		h := w.hist[a]
		add(uint64(len(h)))
		for i := range h {
			ww := &h[i]
			add(ww.val)
			add(uint64(uint16(ww.thread))<<32 | uint64(ww.clock))
			add(uint64(len(ww.rel)))
			for _, r := range ww.rel {
				add(uint64(r))
			}
		}
		var sum, n uint64
		for _, s := range w.seen[a] {
			sum += mix64(uint64(uint16(s.thread))<<48 ^ uint64(s.clock)<<16 ^ uint64(s.idx))
			n++
		}
		add(n)
		add(sum)
	}
}

// mix64 is a 64-bit finalizer (splitmix64's).
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
