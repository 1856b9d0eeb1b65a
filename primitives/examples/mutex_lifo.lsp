// The mutex a reader would guess from tinyCoro's header alone (seed 003):
// tinyCoro's m_state and lock, but an unlock that pops the newest waiter
// off the stack and hands the lock to it. Still a mutual-exclusion lock
// with direct handoff, but it serves waiters LIFO: under steady contention
// the oldest can starve (the digest's B8, which the real mutex does not
// have).
primitive mutex {
    const void* nolocked = (void*)1;

    [[show(nolocked, "nolocked(1)")]] atomic<void*> m_state = nolocked;

    free: m_state == nolocked as "m_state == nolocked(1)";
    list m_state: m_state == nolocked ? nullptr : m_state;

    [[awaiter, lock]] void lock() {
    M1a: awaiter->m_await_coro = handle;                    // await_suspend: m_await_coro = h
    M1b: register_wait();                                   // m_ctx.register_wait()
         while (true) {
    M2a:     auto s = m_state.load(acquire);                // s = m_state.load(acquire)
    M2b:     awaiter->m_next = nullptr;                     // m_next = nullptr
             if (s == nolocked) {
    M3:          if (m_state.compare_exchange_weak(s, nullptr, acq_rel, relaxed)) // s == nolocked: CAS m_state: 1 -> nullptr (acq_rel); success takes the lock
                     break;
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

    [[awaiter, lock]] void lock_guard() {
        lock();
    }

    [[unlock]] void unlock() {
        while (true) {
    V1:     void* s = m_state.load(acquire);                // unlock(): s = m_state.load(acquire)
            if (s == nullptr) {
    V2:         if (m_state.compare_exchange_strong(s, nolocked, release, relaxed)) // s == nullptr: CAS m_state: nullptr -> nolocked (release); success releases the lock
                    return;
                continue;
            }
    V3:     void* next = s->m_next;                         // next = s->m_next
    V4:     if (m_state.compare_exchange_strong(s, next, acq_rel, acquire)) { // CAS m_state: s -> next (acq_rel): pop the newest waiter; failure retries at V1
    V5:         s->resume();                                // s->resume(): submit_task, handing the lock to the newest waiter
                return;
            }
        }
    }
}
