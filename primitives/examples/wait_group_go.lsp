// Go's sync.WaitGroup (go1.26, sync/waitgroup.go): the same job as
// tinyCoro's wait_group, done with a waiter count instead of a waiter list
// and a counting semaphore instead of intrusive nodes. Go's atomics are
// sequentially consistent.
//
// state: bits 63..32 the counter v (int32), bit 31 synctest's bubble flag
// (not modelled: always 0), bits 30..0 the waiter count w. sema is the
// runtime semaphore Wait sleeps on.
primitive wait_group(int32 count = 0) {
    atomic<go_state> state = (uint64)(uint32)count << 32;
    atomic<uint32> sema;

    open: int32(state >> 32) == 0 as "v == 0";

    // Add(delta); Done() is Add(-1).
    void add(int32 delta) {
    GA1: go_state s = state.fetch_add((uint64)delta << 32) + ((uint64)delta << 32); // Add(delta): state = state.Add(delta<<32); check v and w
         int32 v = int32(s >> 32);
         uint32 w = uint32(s & 0x7fffffff);
         if (v < 0)
             panic("sync: negative WaitGroup counter");
         if (w != 0 && delta > 0 && v == delta)
             panic("sync: WaitGroup misuse: Add called concurrently with Wait");
         if (v > 0 || w == 0)
             return;
         // This Add set the counter to zero with waiters registered.
    GA2: if (state.load() != s)                             // if state.Load() != state: panic (Add concurrent with Wait)
             panic("sync: WaitGroup misuse: Add called concurrently with Wait");
    GA3: state.store(0);                                    // state.Store(0): reset the counter and the waiters
         do {
    GA4:     sem_release(sema);                             // runtime_Semrelease(&sema), once per waiter
             w -= 1;
         } while (w != 0);
    }

    void done() {
        add(-1);
    }

    [[waiting]] void wait() {
        go_state s;
        while (true) {
    GW1:    s = state.load();                               // Wait(): state = state.Load(); if v == 0: return
            if (int32(s >> 32) == 0)
                return;
    GW2:    if (state.compare_exchange_strong(s, s + 1))    // CAS state: state -> state+1 (one more waiter); failure retries
                break;
        }
        registered();                                       // the waiter is counted in w: its Wait has linearized
    GW3: sem_acquire(sema);                                 // runtime_SemacquireWaitGroup(&sema): sleep until a permit
    GW4: if (state.load() != 0)                             // if state.Load() != 0: panic (reused before Wait returned)
             panic("sync: WaitGroup is reused before previous Wait has returned");
    }
}
