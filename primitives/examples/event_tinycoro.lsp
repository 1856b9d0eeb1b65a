// tinyCoro v1.2's event (event.hpp, event.cpp), as written: bugs included.
// With value it is an event<int>: set takes the value, and await_resume
// returns it.
//
// m_state is nullptr (not set, no waiters), this (set: terminal, there is
// no reset), or the head of a LIFO stack of awaiters linked by m_next. The
// "set" flag and the stack share one word, so there is no lost wakeup.
//
// Bugs: B1, S4 reads m_next of a node whose coroutine S3 has just handed
// back (use after free); B4, E7's CAS only acquires, so it releases
// nothing of E3's and E6's plain writes to the setter.
primitive event(bool set = false, bool value = false) {
    [[show(this, "set(this)")]] atomic<void*> m_state = set ? this : nullptr;
    if (value) int64 m_value;

    open: m_state == this as "m_state == this (set)";
    list m_state: m_state == this ? nullptr : m_state;

    // co_await ev.wait(): await_ready, await_suspend (register_awaiter),
    // await_resume.
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
    E7:         if (m_state.compare_exchange_weak(old, awaiter, acquire)) { // CAS m_state: old -> this awaiter; success parks, failure retries at E4
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

    // Mark the event set and resume every waiter of the stack taken.
    private void wake_all() {
    S1: auto cur = m_state.exchange(this, acq_rel);  // old = m_state.exchange(this, acq_rel): mark set, take the stack
        if (cur == this || cur == nullptr)
            return;                                  // already set, or nobody waits
        while (true) {
    S3:     cur->resume();                           // cur->m_ctx.submit_task(cur->m_await_coro)
    S4:     cur = cur->m_next;                       // cur = cur->m_next
            if (cur == nullptr)
                return;
        }
    }
}
