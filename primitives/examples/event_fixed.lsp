// tinyCoro's event with the digest's two fixes, and nothing else changed:
// the same labels, the same layout. With value it is an event<int>.
//
// E7's push releases E3's and E6's plain writes to the setter's S1 (B4).
// The wake loop copies a node's link out before handing its coroutine
// back, and never touches the node afterwards (B1). S1 stays acq_rel:
// acquire to see the pushed nodes, release so that a waiter that sees
// `this` at E2 or E4 also sees the value S0 stored.
primitive event(bool set = false, bool value = false) {
    [[show(this, "set(this)")]] atomic<void*> m_state = set ? this : nullptr;
    if (value) int64 m_value;

    open: m_state == this as "m_state == this (set)";
    list m_state: m_state == this ? nullptr : m_state;

    [[awaiter, waiting]] void wait() {
    E1: register_wait();                             // await_ready: m_ctx.register_wait()
    E2: if (m_state.load(acquire) != this) {         // if m_state.load(acquire) == this: set, don't suspend
    E3:     awaiter->m_await_coro = handle;          // await_suspend: m_await_coro = h
            while (true) {
    E4:         auto old = m_state.load(acquire);    // old = m_state.load(acquire)
                if (old == this) {
    E5:             awaiter->m_next = nullptr;       // old == this: m_next = nullptr, don't suspend
                    break;
                }
    E6:         awaiter->m_next = old;               // m_next = old
    E7:         if (m_state.compare_exchange_weak(old, awaiter, release, acquire)) { // CAS m_state: old -> this awaiter; success parks, failure retries at E4
                    suspend;
                    break;
                }
            }
        }
    E9: unregister_wait();                           // await_resume: m_ctx.unregister_wait()
        if (value) {
    E10:    return m_value;                          // await_resume: return the stored value
        }
    }

    if (value) void set(int64 v) {
    S0: m_value = v;                                 // set(v): store the value
        wake_all();
    }

    if (!value) void set() {
        wake_all();
    }

    private void wake_all() {
    S1: auto cur = m_state.exchange(this, acq_rel);  // old = m_state.exchange(this, acq_rel): mark set, take the stack
        if (cur == this || cur == nullptr)
            return;                                  // already set, or nobody waits
        while (true) {
    S4:     void* next = cur->m_next;                // cur = cur->m_next
    S3:     cur->resume();                           // cur->m_ctx.submit_task(cur->m_await_coro)
            cur = next;                              // the node may die from here on
            if (cur == nullptr)
                return;
        }
    }
}
