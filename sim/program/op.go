package program

// OpKind is what a step did.
type OpKind uint8

// The operations a step can perform.
const (
	OpLoad OpKind = iota
	OpStore
	OpExchange
	OpCAS
	OpFetchAdd
	OpRead  // plain read
	OpWrite // plain write
	OpSubmit
	OpSemAcquire
	OpSemRelease
	OpResume // the thread takes the next coroutine off its run queue
	OpSpawn  // a new coroutine is started on its context (Exec.Spawn)
	OpFence  // atomic_thread_fence: no cell, an order (Exec.Fence)
)

var opNames = [...]string{"load", "store", "exchange", "cas", "fetch_add", "read", "write",
	"submit", "semacquire", "semrelease", "resume", "spawn", "fence"}

func (o OpKind) String() string { return opNames[o] }

// Atomic reports whether the operation is an atomic access.
func (o OpKind) Atomic() bool { return o <= OpFetchAdd }
