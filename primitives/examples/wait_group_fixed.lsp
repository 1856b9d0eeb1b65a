// tinyCoro's wait_group, fixed: the digest's Design A. The count and the
// waiter stack share one atomic word, so that "the count is not zero" and
// "I am on the stack" become true together, and "the count is zero" and
// "the stack is taken" too.
//
// m_state: bits 63..32 the count (int32), bits 31..0 the head, the newest
// parked awaiter (0 = nullptr); the awaiters below it are linked by m_next.
// Invariant: count == 0 implies head == nullptr.
primitive wait_group(int32 count = 0) {
    atomic<pair> m_state = pair(count, nullptr);

    open: m_state.count == 0 as "count == 0";
    list m_state;

    [[awaiter, waiting]] void wait() {
    Q1: awaiter->m_await_coro = handle;              // await_suspend: m_await_coro = h
    Q2: register_wait();                             // m_ctx.register_wait()
        while (true) {
    Q3:     auto old = m_state.load(acquire);        // old = m_state.load(acquire); if old.count == 0: don't suspend
            if (old.count == 0)
                break;
    Q4:     awaiter->m_next = old.head;              // m_next = old.head
            // old.head is never dereferenced: ABA on the pair is harmless.
    Q5:     if (m_state.compare_exchange_strong(old, pair(old.count, awaiter), release, acquire)) { // CAS m_state: old -> (old.count, this) (release); success parks, failure retries
                suspend;
                break;
            }
        }
    Q6: unregister_wait();                           // await_resume: m_ctx.unregister_wait()
    }

    // add(delta); done() is add(-1). Reaching zero takes the whole stack
    // in the same CAS that sets the count.
    void add(int32 delta) {
        pair old;
        int32 n;
        while (true) {
    P1:     old = m_state.load(acquire);             // add(delta): old = m_state.load(acquire); a negative count panics
            if (int64(old.count) + delta < 0)
                panic("sync: negative WaitGroup counter");
            n = old.count + delta;
    P2:     if (m_state.compare_exchange_strong(old, n == 0 ? pair(0, nullptr) : pair(n, old.head), acq_rel, acquire)) // CAS m_state: old -> (count+delta, head), or (0, nullptr) when it reaches zero
                break;
        }
        if (n != 0 || old.head == nullptr)
            return;
        void* cur = old.head;
        while (true) {
    P3:     void* next = cur->m_next;                // next = cur->m_next, read before the resume
    P4:     cur->resume();                           // cur->resume(): submit_task(cur->m_await_coro); cur = next
            cur = next;
            if (cur == nullptr)
                return;
        }
    }

    void done() {
        add(-1);
    }
}
