// tinyCoro's latch with the fixed event embedded: E7 releases, and the wake
// loop reads m_next before it resumes the node.
//
// The embedded event's `this` is the address of m_ev.m_state: a latch
// constructed with count 0 starts with its event set.
primitive latch(int64 count = 0) {
    atomic<int64> m_count = count;
    [[show(&m_ev.m_state, "set(this)")]] atomic<void*> m_ev.m_state = count == 0 ? &m_ev.m_state : nullptr;

    open: m_count <= 0;
    list m_ev.m_state: m_ev.m_state == &m_ev.m_state ? nullptr : m_ev.m_state;

    // wait() is m_ev.wait().
    [[awaiter, waiting]] void wait() {
    E1: register_wait();                                    // await_ready: m_ctx.register_wait()
    E2: if (m_ev.m_state.load(acquire) != &m_ev.m_state) {  // if m_state.load(acquire) == this: set, don't suspend
    E3:     awaiter->m_await_coro = handle;                 // await_suspend: m_await_coro = h
            while (true) {
    E4:         auto old = m_ev.m_state.load(acquire);      // old = m_state.load(acquire)
                if (old == &m_ev.m_state) {
    E5:             awaiter->m_next = nullptr;              // old == this: m_next = nullptr, don't suspend
                    break;
                }
    E6:         awaiter->m_next = old;                      // m_next = old
    E7:         if (m_ev.m_state.compare_exchange_weak(old, awaiter, release, acquire)) { // CAS m_state: old -> this awaiter; success parks, failure retries at E4
                    suspend;
                    break;
                }
            }
        }
    E9: unregister_wait();                                  // await_resume: m_ctx.unregister_wait()
    }

    void count_down() {
    L1: if (m_count.fetch_sub(1, acq_rel) <= 1)             // count_down(): if m_count.fetch_sub(1, acq_rel) <= 1: m_ev.set()
            set_event();
    }

    // m_ev.set()
    private void set_event() {
    S1: auto cur = m_ev.m_state.exchange(&m_ev.m_state, acq_rel); // old = m_state.exchange(this, acq_rel): mark set, take the stack
        if (cur == &m_ev.m_state || cur == nullptr)
            return;
        while (true) {
    S4:     void* next = cur->m_next;                       // cur = cur->m_next
    S3:     cur->resume();                                  // cur->m_ctx.submit_task(cur->m_await_coro)
            cur = next;
            if (cur == nullptr)
                return;
        }
    }
}
