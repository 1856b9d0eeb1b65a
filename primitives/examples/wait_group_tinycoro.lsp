// tinyCoro v1.2's wait_group (wait_group.hpp, wait_group.cpp), as written:
// bugs included. m_count counts the work not done; m_state is nullptr or
// the head of a LIFO stack of awaiters linked by m_next. There is no
// sentinel: "released" is read from m_count == 0.
//
// Bugs: B5, the lost wakeup (done() between G3 and G6); B2, D4 reads
// m_next after D3 handed the waiter back; B6, done() decrements (D1) and
// takes the stack (D2) in two steps; B7, an add(-n) that reaches zero
// never wakes anyone.
primitive wait_group(int32 count = 0) {
    atomic<int32> m_count = count;
    atomic<void*> m_state = nullptr;

    open: m_count == 0;
    list m_state;

    // co_await wg.wait(): await_suspend, then await_resume.
    [[awaiter, waiting]] void wait() {
    G1: awaiter->m_await_coro = handle;       // await_suspend: m_await_coro = h
    G2: register_wait();                      // m_ctx.register_wait()
        while (true) {
    G3:     if (m_count.load(acquire) == 0)   // if m_count.load(acquire) == 0: don't suspend
                break;
    G4:     auto head = m_state.load(acquire); // head = m_state.load(acquire)
    G5:     awaiter->m_next = head;           // m_next = head
    G6:     if (m_state.compare_exchange_weak(head, awaiter, acq_rel, relaxed)) { // CAS m_state: head -> this (acq_rel); success parks, failure retries
                suspend;
                break;
            }
        }
    G7: unregister_wait();                    // await_resume: m_ctx.unregister_wait()
    }

    void add(int32 n) {
    A1: m_count.fetch_add(n, acq_rel);        // add(n): m_count.fetch_add(n, acq_rel)
    }

    void done() {
    D1: if (m_count.fetch_sub(1, acq_rel) != 1) // done(): if m_count.fetch_sub(1, acq_rel) != 1: return
            return;
    D2: auto head = m_state.exchange(nullptr, acq_rel); // head = m_state.exchange(nullptr, acq_rel): take the whole stack
        while (head != nullptr) {
    D3:     head->resume();                   // head->resume(): submit_task(head->m_await_coro)
    D4:     head = head->m_next;              // head = head->m_next, read after the resume
        }
    }
}
