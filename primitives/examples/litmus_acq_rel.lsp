// A litmus test's shared memory with release stores and acquire loads: a
// load that reads a store sees everything before that store.
// Two atomic locations x and y, and four registers r1..r4, plain fields
// each written by one thread and read only once the run is over. A load
// takes the register it fills as its argument.
primitive litmus() {
    atomic<int64> x;
    atomic<int64> y;
    int64 r1;
    int64 r2;
    int64 r3;
    int64 r4;

    void store_x(int64 v) {
    STX: x.store(v, release);                               // x.store(v)
    }

    void store_y(int64 v) {
    STY: y.store(v, release);                               // y.store(v)
    }

    void load_x(int64 n) {
    LDX: auto tmp = x.load(acquire);                        // tmp = x.load()
        if (n == 1) {
    XR1:    r1 = tmp;                                       // r1 = tmp (x)
        } else if (n == 2) {
    XR2:    r2 = tmp;                                       // r2 = tmp (x)
        } else if (n == 3) {
    XR3:    r3 = tmp;                                       // r3 = tmp (x)
        } else if (n == 4) {
    XR4:    r4 = tmp;                                       // r4 = tmp (x)
        } else {
            panic("litmus: a load fills a register from r1 to r4");
        }
    }

    void load_y(int64 n) {
    LDY: auto tmp = y.load(acquire);                        // tmp = y.load()
        if (n == 1) {
    YR1:    r1 = tmp;                                       // r1 = tmp (y)
        } else if (n == 2) {
    YR2:    r2 = tmp;                                       // r2 = tmp (y)
        } else if (n == 3) {
    YR3:    r3 = tmp;                                       // r3 = tmp (y)
        } else if (n == 4) {
    YR4:    r4 = tmp;                                       // r4 = tmp (y)
        } else {
            panic("litmus: a load fills a register from r1 to r4");
        }
    }
}
