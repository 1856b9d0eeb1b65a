// tinyCoro's spinlock (spinlock.hpp), the lock that guards a condition
// variable's queue: test-and-test-and-set on one atomic word. lock()
// exchanges 1 in with acquire; while another thread holds the lock it
// spins on a relaxed load, reading only, until the word changes, then
// tries again. unlock() stores 0 with release, so the next holder's
// acquire exchange sees everything the critical section wrote.
//
// The spin-wait is `while (COND) spin;`: one step that re-reads m_lock.
// A thread whose load sees the lock held moves again only once another
// thread has written m_lock, so a thread that waits for an unlock nobody
// makes is stuck, not running forever.
primitive spinlock {
    atomic<int32> m_lock = 0;

    free: m_lock == 0 as "m_lock == 0";

    [[lock]] void lock() {
        while (true) {
    L1:     if (m_lock.exchange(1, acquire) == 0)           // m_lock.exchange(true, acquire): was it free?
                break;                                      // it was: the lock is held
    L2:     while (m_lock.load(relaxed) != 0) spin;         // held: spin on a relaxed load until it changes
        }
    }

    [[unlock]] void unlock() {
    U1: m_lock.store(0, release);                           // m_lock.store(false, release)
    }
}
