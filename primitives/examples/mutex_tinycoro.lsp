// tinyCoro v1.2's mutex (mutex.hpp, mutex.cpp, mutex_guard.hpp), as
// written. It is correct: it wakes one waiter at a time, hands the lock
// over directly, and grants it in FIFO order.
//
// m_state is nolocked (unlocked, no waiters anywhere), nullptr (locked, no
// new arrivals), or the head of a LIFO stack of newly arrived awaiters.
// m_resume_list_head is a plain pointer: the FIFO list, oldest first, of
// waiters detached from m_state and waiting for a handoff. Only the holder,
// inside unlock, reads or writes it.
primitive mutex {
    const void* nolocked = (void*)1;

    [[show(nolocked, "nolocked(1)")]] atomic<void*> m_state = nolocked;
    void* m_resume_list_head;

    free: m_state == nolocked as "m_state == nolocked(1)";
    list m_state: m_state == nolocked ? nullptr : m_state;
    list m_resume_list_head;

    // co_await mtx.lock(): register_lock, then await_resume.
    [[awaiter, lock]] void lock() {
    M1a: awaiter->m_await_coro = handle;                    // await_suspend: m_await_coro = h
    M1b: register_wait();                                   // m_ctx.register_wait()
         while (true) {
    M2a:     auto s = m_state.load(acquire);                // s = m_state.load(acquire)
    M2b:     awaiter->m_next = nullptr;                     // m_next = nullptr
             if (s == nolocked) {
    M3:          if (m_state.compare_exchange_weak(s, nullptr, acq_rel, relaxed)) // s == nolocked: CAS m_state: 1 -> nullptr (acq_rel); success takes the lock
                     break;                                 // acquired: no suspension
             } else {
    M4a:         awaiter->m_next = s;                       // m_next = s
    M4b:         if (m_state.compare_exchange_weak(s, awaiter, acq_rel, relaxed)) { // CAS m_state: s -> this awaiter (acq_rel); success parks, failure retries at M2a
                     suspend;
                     break;
                 }
             }
         }
    M5:  unregister_wait();                                 // await_resume: m_ctx.unregister_wait(); the lock is held
    }

    // co_await mtx.lock_guard(): the same awaiter; a script's unlock stands
    // for the guard's end of scope.
    [[awaiter, lock]] void lock_guard() {
        lock();
    }

    [[unlock]] void unlock() {
    U1:  void* r = m_resume_list_head;                      // unlock(): r = m_resume_list_head; if not empty, hand over to r
         if (r == nullptr) {
    U2:      if (m_state.compare_exchange_strong(nullptr, nolocked, acq_rel, relaxed)) // CAS m_state: nullptr -> nolocked (acq_rel); success releases the lock
                 return;                                    // released; nobody waits
    U3:      void* h = m_state.exchange(nullptr, acq_rel);  // h = m_state.exchange(nullptr, acq_rel): detach the new arrivals, keep the lock
             while (h != nullptr) {                         // reverse the batch into arrival order
    U4a:         void* next = h->m_next;                    // next = h->m_next (reversing the batch)
    U4b:         h->m_next = r;                             // h->m_next = r; r = h; h = next
                 r = h;
                 h = next;
             }
         }
    U5a: void* after = r->m_next;                           // read r->m_next before resuming r
    U5b: m_resume_list_head = after;                        // m_resume_list_head = r->m_next
    U6:  r->resume();                                       // r->resume(): submit_task, handing the lock to r
    }
}
