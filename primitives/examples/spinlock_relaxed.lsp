// tinyCoro's spinlock (spinlock_acq_rel.lsp) with every order relaxed: a
// guess that is wrong. The lock still excludes (an exchange reads the
// latest write of m_lock), but nothing orders the critical sections:
// unlock's relaxed store releases nothing and lock's relaxed exchange
// acquires nothing, so the plain data two holders write in turn race.
primitive spinlock {
    atomic<int32> m_lock = 0;

    free: m_lock == 0 as "m_lock == 0";

    [[lock]] void lock() {
        while (true) {
    L1:     if (m_lock.exchange(1, relaxed) == 0)           // m_lock.exchange(true, relaxed): was it free?
                break;                                      // it was: the lock is held
    L2:     while (m_lock.load(relaxed) != 0) spin;         // held: spin on a relaxed load until it changes
        }
    }

    [[unlock]] void unlock() {
    U1: m_lock.store(0, relaxed);                           // m_lock.store(false, relaxed)
    }
}
