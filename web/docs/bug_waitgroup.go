package docs

// b2Page is the use-after-free in wait_group::done, and its frame-reuse
// variant.
func b2Page() *Page {
	return &Page{
		Slug:  "b2-wait-group-use-after-free",
		Group: Bugs,
		Bugs:  []string{"B2"},
		Title: Text{"Use-after-free in wait_group::done", "wait_group::done 中的释放后使用"},
		Summary: Text{
			"done() resumes a waiter and then reads its m_next, like event's set(). The waiter may be gone by then, or, worse, alive and waiting again with the same node in the next round.",
			"done() 先恢复等待者再读它的 m_next，和 event 的 set() 如出一辙。那时等待者可能已经不在了；更糟的是，它可能还活着，并且正用同一个节点在下一轮里等待。",
		},
		Sections: []Section{
			section("code", "The code", "代码",
				code(`
D2   head = m_state.exchange(nullptr, acq_rel)
D3   loop: head->resume()                               submit_task: the waiter may run from here on
D4         head = head->m_next                          reads the node AFTER handing it back`),
				p("This is the same mistake as [B1](b1-event-use-after-free), in `done()`: the node is the awaiter in the waiter's frame, and D4 reads it after D3 has given it back.",
					"这和 [B1](b1-event-use-after-free) 是同一个错误，只是发生在 `done()` 里：节点就是等待者帧里的 awaiter，而 D4 在 D3 把它交还之后还去读它。"),
			),
			section("interleaving", "The waiter finishes", "等待者运行结束",
				p("One waiter W1 and one worker D1, each on its own thread, and queues that are not full: the everyday case. W1's own worker resumes it while D1 is still between D3 and D4. When the queue is full the same happens on one thread: `submit_task` runs W1 inline, inside D3 ([B10](b10-inline-and-drop)).",
					"一个等待者 W1，一个工作者 D1，各在自己的线程上，队列也都没满：这是最平常的情形。D1 还在 D3 和 D4 之间时，W1 自己的工作线程就恢复了它。队列满了时，同样的事会在一个线程上发生：`submit_task` 在 D3 里内联运行 W1（[B10](b10-inline-and-drop)）。"),
				stepsOf(Run{Lesson: "wg-uaf", Schedule: "cross-thread"},
					step("W1", "G1", "`m_await_coro = h`.", "`m_await_coro = h`。"),
					step("W1", "G2", "`register_wait()`.", "`register_wait()`。"),
					step("W1", "G3", "Loads `m_count`: 1.", "读 `m_count`：1。"),
					step("W1", "G4", "Loads `m_state`: `nullptr`.", "读 `m_state`：`nullptr`。"),
					step("W1", "G5", "`m_next = nullptr`.", "`m_next = nullptr`。"),
					step("W1", "G6", "The CAS pushes `&W1.awaiter`; W1 parks.", "CAS 把 `&W1.awaiter` 压栈；W1 挂起。"),
					step("D1", "D1", "`fetch_sub` returns 1: the count is 0.", "`fetch_sub` 返回 1：计数变为 0。"),
					step("D1", "D2", "Takes the stack `[W1]`.", "取走栈 `[W1]`。"),
					step("D1", "D3", "Submits W1 to its context. From now on W1 may run.", "把 W1 提交给它的上下文。从这一刻起 W1 就可以运行了。"),
					step("W1", "", "W1's worker takes W1 off its run queue and resumes it.", "W1 的工作线程从运行队列取出 W1 并恢复它。"),
					step("W1", "G7", "W1 unregisters and returns from `wait()`; it finishes and its frame is destroyed.", "W1 注销并从 `wait()` 返回；它运行结束，帧被销毁。"),
					step("D1", "D4", "Reads `W1.awaiter.m_next`: freed memory.", "读 `W1.awaiter.m_next`：已释放的内存。"),
				),
				live(Embed{
					Lesson: "wg-uaf", Schedule: "cross-thread", Step: 12, Thread: "D1", Label: "D4",
					Title:   Text{"Live stepper: done() reads the awaiter of a waiter that has finished", "交互演示：done() 读取了已结束等待者的 awaiter"},
					Caption: Text{"D4 reads `m_next` in W1's destroyed frame. Switch to the fixed variant: it copies `m_next` out first (P3) and never looks at the node again.", "D4 在 W1 已销毁的帧里读 `m_next`。切换到修复版：它先把 `m_next` 拷出来（P3），之后再也不看这个节点。"},
				}),
			),
			section("reuse", "Worse: the frame is reused", "更糟的情况：帧被复用",
				p("No frame needs to be freed. Let the waiter loop on the same `co_await`, as in `for (;;) { co_await wg.wait(); … }`: each iteration's awaiter sits at the same address in the same frame. In the lesson, L waits twice that way and X waits once, both on context C; D's `done()` ends round 1, A's `add(1)` starts round 2.",
					"其实不需要任何帧被释放。让等待者在同一个 `co_await` 上循环，比如 `for (;;) { co_await wg.wait(); … }`：每一轮的 awaiter 都位于同一个帧的同一个地址。课程里，L 这样等了两次，X 等了一次，两者都在上下文 C 上；D 的 `done()` 结束第一轮，A 的 `add(1)` 开始第二轮。"),
				steps(
					step("C", "G1 … G6", "L sees the count at 1, pushes its awaiter and parks.", "L 看到计数为 1，把它的 awaiter 压栈并挂起。"),
					step("D", "D1 … D3", "D's `done()` takes the count to 0, takes the stack `[L]` and hands L back to C. D is preempted before D4.", "D 的 `done()` 把计数减到 0，取走栈 `[L]`，把 L 交还给 C。D 在 D4 之前被抢占。"),
					step("A", "A1", "`add(1)` starts round 2: the count is 1.", "`add(1)` 开始第二轮：计数为 1。"),
					step("C", "G1 … G6", "X sees the count at 1 and parks: the stack is `[X]`.", "X 看到计数为 1 并挂起：栈为 `[X]`。"),
					step("C", "G7, G1 … G6", "L returns from its first `wait()` and waits again. Its awaiter has the same address, and now `m_next` points at X, in round 2.", "L 从第一次 `wait()` 返回，又一次等待。它的 awaiter 地址不变，而 `m_next` 现在指向第二轮的 X。"),
					step("D", "D4", "Round 1's loop reads L's `m_next` and gets `&X.awaiter`.", "第一轮的循环读 L 的 `m_next`，得到 `&X.awaiter`。"),
					step("D", "D3", "…and resumes X while the count is 1: a premature release. Round 2's own drain would later resume X a second time.", "……并在计数为 1 时恢复了 X：提前放行。之后第二轮自己的取栈还会再恢复 X 一次。"),
				),
				live(Embed{
					Lesson: "wg-frame-reuse", Schedule: "reuse", Step: 26, Thread: "D", Label: "D4",
					Title:   Text{"Live stepper: round 1's wake loop follows a reused node into round 2", "交互演示：第一轮的唤醒循环顺着被复用的节点走进了第二轮"},
					Caption: Text{"D4 reads the awaiter L has just pushed again for round 2, and finds X behind it. Step D once more to see X released early.", "D4 读到的是 L 为第二轮刚刚重新压栈的 awaiter，并在它后面找到了 X。再单步执行一次 D，看 X 被提前放行。"},
				}),
				p("Nothing is freed, so a memory checker sees nothing wrong; the symptom is a double resume, far from its cause.",
					"没有任何内存被释放，所以内存检查工具看不出问题；症状是一次重复恢复，而且离病因很远。"),
			),
			section("fix", "The fix: copy out, then submit", "修复：先拷出，再提交",
				code(`
P3   loop: next = cur->m_next                           read BEFORE the resume
P4         cur->resume(); cur = next                    cur is not touched again`),
				p("Why it holds: after D2 (P2 in the fixed design) the detached chain belongs to the thread that took it; nobody else can reach it. Each node goes back to its coroutine at the resume and is never read again, so whatever the coroutine does next, finishing or waiting again on the same node, cannot reach the loop. The fixed wait_group does this in its wake loop (P3, P4).",
					"为什么成立：D2（修复版里是 P2）之后，摘下的链只属于取走它的线程，别人够不着。每个节点在恢复时交还给它的协程，之后不再被读，所以协程接下来做什么——运行结束也好，用同一个节点再次等待也好——都影响不到这个循环。修复后的 wait_group 在它的唤醒循环（P3、P4）里就是这么做的。"),
			),
		},
	}
}

// b6Page is the premature release: done() decrements and drains in two
// steps.
func b6Page() *Page {
	return &Page{
		Slug:  "b6-premature-release",
		Group: Bugs,
		Bugs:  []string{"B6"},
		Title: Text{"The premature release", "提前放行"},
		Summary: Text{
			"done() brings the count to zero in one step and takes the waiter stack in the next. Between the two, a new round can start and a new waiter can park; the old round's drain then releases it while the count is 1.",
			"done() 在一步里把计数减到零，在下一步里取走等待者栈。两步之间，新的一轮可以开始，新的等待者可以挂起；随后旧一轮的取栈就在计数为 1 时把它放行了。",
		},
		Sections: []Section{
			section("code", "The window", "空档在哪里",
				code(`
D1   if m_count.fetch_sub(1, acq_rel) != 1: return      the count is 0; D1 is committed to D2
D2   head = m_state.exchange(nullptr, acq_rel)          takes whatever is on the stack NOW`),
				p("This sequence is legal under Go's WaitGroup contract: the add starts a new round while no `Wait` is in progress. Go handles it correctly; tinyCoro does not.",
					"这个序列按 Go 的 WaitGroup 约定是合法的：add 开始新一轮时，没有任何 `Wait` 正在进行。Go 能正确处理，tinyCoro 不能。"),
			),
			section("interleaving", "The interleaving, step by step", "交错过程，逐步来看",
				p("The count starts at 1 with no waiters. D calls `done()`; A calls `add(1)`, then later `done()`; W1 waits.",
					"计数从 1 开始，没有等待者。D 调用 `done()`；A 调用 `add(1)`，之后再调用 `done()`；W1 等待。"),
				steps(
					step("D", "D1", "`fetch_sub` returns 1: the count is 0. D will go on to D2, but is preempted.", "`fetch_sub` 返回 1：计数为 0。D 接下来要执行 D2，但被抢占了。"),
					step("A", "A1", "`add(1)`: the count is 1, a new round.", "`add(1)`：计数为 1，新的一轮开始。"),
					step("W1", "G1 … G6", "A new waiter sees the count at 1 and an empty stack, pushes itself and parks. Parking is right: the count is 1.", "新的等待者看到计数为 1、栈为空，把自己压栈并挂起。挂起是对的：计数是 1。"),
					step("D", "D2", "The old round's drain takes `[W1]`.", "旧一轮的取栈拿走了 `[W1]`。"),
					step("D", "D3", "…and resumes W1. W1 returns from `wait()` while the count is 1: A has not called `done()` yet.", "……并恢复了 W1。W1 在计数为 1 时从 `wait()` 返回：A 还没调用 `done()`。"),
				),
				live(Embed{
					Lesson: "wg-premature-release", Schedule: "stale-drain", Step: 10, Thread: "D", Label: "D3",
					Title:   Text{"Live stepper: the old round's drain releases a new round's waiter", "交互演示：旧一轮的取栈放行了新一轮的等待者"},
					Caption: Text{"D3 releases W1, which parked after the count had come back to 1. Switch to the fixed variant: D's CAS fails because W1 pushed in between, and its retry takes W1 with the count truly at 0.", "D3 放行了 W1，而 W1 是在计数回到 1 之后才挂起的。切换到修复版：由于 W1 在中间入了栈，D 的 CAS 失败，重试时计数真正为 0，才把 W1 一并取走。"},
				}),
				p("This is a safety violation, not a hang: W1 goes on as if the round were over. In a variant of the same interleaving, round-1 and round-2 waiters end up in the same drained list.",
					"这是安全性被破坏，而不是卡死：W1 会当作这一轮已经结束而继续往下走。同一交错的变体里，第一轮和第二轮的等待者还会被混进同一次取栈的链表。"),
			),
			section("fix", "The fix: zeroing and taking are one CAS", "修复：归零与取栈合成一次 CAS",
				code(`
P1   old = m_state.load(acquire); n = old.count + delta
P2   CAS(m_state: old → (n == 0 ? (0, nullptr) : (n, old.head)), acq_rel)`),
				p("Why it holds: a node is taken only by the CAS that set the count to zero while the node was on the stack, which is after the waiter's own push. A waiter is released only if the count was zero at some instant after its `wait()` linearized. Zeroing and taking the list are one CAS, so one round's zero can never take a later round's waiter: the add that starts round 2 changes the word, and an old round cannot act on it any more.",
					"为什么成立：节点只会被“在它位于栈上时把计数设为零”的那次 CAS 取走，而那次 CAS 必然在等待者自己入栈之后。等待者只有在它的 `wait()` 线性化之后、计数确实在某一刻为零时才会被放行。归零和取栈是同一次 CAS，所以一轮的归零永远取不走后一轮的等待者：开始第二轮的 add 改变了这个字，旧的一轮再也无法对它下手。"),
				note("A lock around the check-and-push in `wait()` and around the exchange in `done()` fixes [B5](b5-lost-wakeup) but not this: the decrement is still outside. It must be in the same critical section as the drain, or in the same CAS.",
					"在 `wait()` 的检查加入栈外面、在 `done()` 的 exchange 外面各加一把锁，能修好 [B5](b5-lost-wakeup)，却修不好这个：减一操作仍在锁外。它必须和取栈在同一个临界区里，或者在同一次 CAS 里。"),
				p("Go avoids it the same way: the Add that reaches zero sees `w == 0` in the same atomic word and has no second step ([Go's WaitGroup](go-waitgroup#why)).",
					"Go 用的是同样的思路：减到零的 Add 在同一个原子字里看到 `w == 0`，就没有第二步了（见 [Go 的 WaitGroup](go-waitgroup#why)）。"),
			),
		},
	}
}

// b7Page is add() that never wakes and a count that goes negative
// silently.
func b7Page() *Page {
	return &Page{
		Slug:  "b7-add-never-wakes",
		Group: Bugs,
		Bugs:  []string{"B7"},
		Title: Text{"add() never wakes; the count goes negative silently", "add() 从不唤醒；计数悄悄变负"},
		Summary: Text{
			"In tinyCoro only done() looks at the waiters, and only on the step from 1 to 0. An add(-n) that reaches zero leaves them parked, and an extra done() takes the count below zero without a word.",
			"在 tinyCoro 里只有 done() 会去看等待者，而且只在从 1 减到 0 的那一步。把计数减到零的 add(-n) 让等待者一直挂着；多出来的 done() 把计数减成负数，一声不吭。",
		},
		Sections: []Section{
			section("code", "The code", "代码",
				code(`
A1   add(n):  m_count.fetch_add(n, acq_rel)            that is all
D1   done():  if m_count.fetch_sub(1, acq_rel) != 1: return`),
			),
			section("interleaving", "The interleaving, step by step", "交错过程，逐步来看",
				p("The count starts at 2, as after `add(2)`. D calls `done()`, N calls `add(-1)`, W1 waits.",
					"计数从 2 开始，相当于调用过 `add(2)`。D 调用 `done()`，N 调用 `add(-1)`，W1 等待。"),
				steps(
					step("W1", "G1 … G6", "W1 sees the count at 2, pushes itself and parks.", "W1 看到计数为 2，把自己压栈并挂起。"),
					step("D", "D1", "`done()`: `fetch_sub` returns 2, so the count is 1 and `done()` returns.", "`done()`：`fetch_sub` 返回 2，计数为 1，`done()` 直接返回。"),
					step("N", "A1", "`add(-1)`: the count is 0, but `add` never looks at `m_state`. W1 stays parked for ever.", "`add(-1)`：计数为 0，但 `add` 从不查看 `m_state`。W1 永远挂着。"),
				),
				live(Embed{
					Lesson: "wg-add-negative", Schedule: "add-last", Step: 8, Thread: "N", Label: "A1",
					Title:   Text{"Live stepper: add(-1) brings the count to zero and wakes nobody", "交互演示：add(-1) 把计数减到零却谁也没唤醒"},
					Caption: Text{"The count is 0 and W1 is still parked: the verdict is a lost wakeup. Pick the other interleaving, where `add(-1)` comes first, and the same calls work.", "计数已经为 0，W1 却还挂着：结论是丢失的唤醒。换成另一个交错，让 `add(-1)` 先来，同样的调用就能正常工作。"},
				}),
				p("The second case needs no waiter at all: one `done()` too many takes the count from 0 to −1, silently. Every later `wait()` sees “not zero” and parks. Go would panic with “sync: negative WaitGroup counter”.",
					"第二种情况根本不需要等待者：多调用一次 `done()`，计数就从 0 悄悄变成 −1。之后每个 `wait()` 都看到“不为零”而挂起。换成 Go，会 panic 并报告“sync: negative WaitGroup counter”。"),
			),
			section("fix", "The fix", "修复",
				p("In the [fixed wait_group](wait-group#fix) `done()` is `add(-1)`, and `add` is the one operation that changes the count: whatever delta takes it to zero also takes the stack and wakes it, in the same CAS. A delta that would take it below zero panics before the CAS, with Go's message.",
					"在[修复后的 wait_group](wait-group#fix) 里，`done()` 就是 `add(-1)`，而 `add` 是唯一改变计数的操作：不论哪个 delta 把计数减到零，都会在同一次 CAS 里取走栈并唤醒。会把计数减成负数的 delta 在 CAS 之前就 panic，报的是和 Go 一样的信息。"),
				p("Why it holds: the invariant `count == 0 ⇒ head == nullptr` no longer depends on who changed the count, so no waiter can be left on the stack with the count at zero. A count below zero never reaches the word.",
					"为什么成立：不变式 `count == 0 ⇒ head == nullptr` 不再依赖于是谁改了计数，所以不会有等待者在计数为零时还留在栈上。负数的计数根本写不进这个字。"),
			),
		},
	}
}
