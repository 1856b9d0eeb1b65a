package docs

// b1Page is the use-after-free in event::set: S4 after S3.
func b1Page() *Page {
	return &Page{
		Slug:  "b1-event-use-after-free",
		Group: Bugs,
		Bugs:  []string{"B1"},
		Title: Text{"Use-after-free in event::set", "event::set 中的释放后使用"},
		Summary: Text{
			"set() hands a waiter back with submit_task, and only then reads the waiter's m_next. By that time the waiter may have resumed and finished, and the node lived in its frame.",
			"set() 先用 submit_task 把等待者交还出去，然后才读它的 m_next。到那时等待者可能已经恢复并运行结束了，而节点就在它的协程帧里。",
		},
		Sections: []Section{
			section("code", "The code", "代码",
				code(`
S1   cur = m_state.exchange(this, acq_rel)
S3   loop: cur->m_ctx.submit_task(cur->m_await_coro)     the coroutine may run from here on
S4         cur = cur->m_next                             reads the node AFTER handing it back`),
				p("The stack's nodes are awaiters, and an awaiter is a temporary in the waiting coroutine's frame ([event](event#state)). Once S3 has submitted the coroutine, it can run: finish its `co_await`, which ends the awaiter, then finish altogether, which destroys the frame. S4 still reads through `cur`.",
					"栈的节点是 awaiter，而 awaiter 是等待协程帧里的临时对象（见 [event](event#state)）。S3 一旦提交了协程，它就可以运行：结束 `co_await`，awaiter 的生命随之结束；再运行到底，整个帧被销毁。可 S4 仍然通过 `cur` 去读。"),
			),
			section("interleaving", "The interleaving, step by step", "交错过程，逐步来看",
				p("One waiter W1 and one setter S, each on its own worker thread. No full queue is needed: W1's own worker resumes it while S is still in its loop.",
					"一个等待者 W1，一个设置方 S，各在自己的工作线程上。不需要队列满：W1 自己的工作线程在 S 还没走完循环时就恢复了它。"),
				stepsOf(Run{Lesson: "event-uaf-cross-thread", Schedule: "waiter-runs-first"},
					step("W1", "E1", "`register_wait()`: W1's context now has one parked coroutine.", "`register_wait()`：W1 所在上下文登记一个挂起的协程。"),
					step("W1", "E2", "Loads `m_state`: `nullptr`, not set.", "读 `m_state`：`nullptr`，未触发。"),
					step("W1", "E3", "Writes its handle into the awaiter, `m_await_coro`.", "把自己的句柄写进 awaiter 的 `m_await_coro`。"),
					step("W1", "E4", "Loads `m_state` again: `nullptr`, an empty stack.", "再读 `m_state`：`nullptr`，栈是空的。"),
					step("W1", "E6", "`m_next = nullptr`.", "`m_next = nullptr`。"),
					step("W1", "E7", "CAS `m_state: nullptr → &W1.awaiter` succeeds: W1 is on the stack and parks.", "CAS `m_state: nullptr → &W1.awaiter` 成功：W1 入栈并挂起。"),
					step("S", "S1", "Exchanges `m_state` for `this`: the event is set, and S holds the stack `[W1]`.", "把 `m_state` 换成 `this`：event 已触发，S 拿到了栈 `[W1]`。"),
					step("S", "S3", "Submits W1 to W1's context. From now on W1 may run.", "把 W1 提交给 W1 的上下文。从这一刻起 W1 就可以运行了。"),
					step("W1", "", "W1's worker takes W1 off its run queue and resumes it.", "W1 的工作线程从运行队列取出 W1 并恢复它。"),
					step("W1", "E9", "`unregister_wait()`; the awaiter's lifetime ends, W1 returns from `wait()`, finishes, and its frame is destroyed.", "`unregister_wait()`；awaiter 的生命结束，W1 从 `wait()` 返回、运行结束，它的帧被销毁。"),
					step("S", "S4", "Reads `W1.awaiter.m_next`: freed memory. With the memory reused, S would submit a garbage handle.", "读 `W1.awaiter.m_next`：这是已释放的内存。如果内存已被复用，S 就会提交一个垃圾句柄。"),
				),
				live(Embed{
					Lesson: "event-uaf-cross-thread", Schedule: "waiter-runs-first", Step: 11, Thread: "S", Label: "S4",
					Title:   Text{"Live stepper: set() reads a destroyed frame after W1 ran on its own thread", "交互演示：W1 在自己的线程上运行完后，set() 读了已销毁的帧"},
					Caption: Text{"At S4 the setter reads `m_next` of W1's awaiter, whose frame W1's worker has already destroyed. Go back a few steps and let S4 run before W1 resumes: this time nothing is freed too early.", "S4 处，设置方读取 W1 的 awaiter 的 `m_next`，而 W1 的工作线程已经销毁了那个帧。退回几步，让 S4 在 W1 恢复之前执行：这一次没有东西被提前释放。"},
				}),
			),
			section("inline", "On one thread: the inline resume", "单线程的情形：内联恢复",
				p("When the target context's queue is full, `submit_task` runs the coroutine inline, on the setter's own thread ([B10](b10-inline-and-drop)). Then S3 itself resumes W1 and runs it to the end before S4, with no second thread involved.",
					"当目标上下文的队列已满时，`submit_task` 会在设置方自己的线程上内联运行协程（[B10](b10-inline-and-drop)）。这样 S3 本身就恢复了 W1，并在 S4 之前把它运行到底，根本不需要第二个线程。"),
				live(Embed{
					Lesson: "event-uaf", Schedule: "inline-resume", Step: 10, Thread: "S", Label: "S4",
					Title:   Text{"Live stepper: set() resumes W1 inline, then reads its m_next", "交互演示：set() 内联恢复 W1 之后又读它的 m_next"},
					Caption: Text{"W1 ran inside S's S3 and finished; S4 reads its dead awaiter. Switch to the fixed variant and replay the same interleaving.", "W1 在 S 的 S3 里运行并结束；S4 读的是一个已死的 awaiter。切换到修复版，重放同一个交错。"},
				}),
			),
			section("fix", "The fix: copy out, then submit", "修复：先拷出，再提交",
				code(`
S1   cur = m_state.exchange(this, acq_rel)
S4   loop: next = cur->m_next                            read BEFORE the handoff
S3         cur->m_ctx.submit_task(cur->m_await_coro); cur = next     cur is not touched again`),
				p("Why it holds: a node has one owner at a time. The waiter owns it until its push (E7); the stack in `m_state` owns it until S1 detaches the stack; from S1 the setter owns it, and nobody else can reach it; at S3 the setter hands it back to its coroutine. The fixed loop reads everything it needs from a node before S3, and only `next`, a copy, afterwards.",
					"为什么成立：一个节点在任何时刻只有一个主人。入栈（E7）之前属于等待者；之后属于 `m_state` 里的栈，直到 S1 把栈摘下；从 S1 起属于设置方，别人再也够不着它；到 S3 设置方把它交还给协程。修复后的循环在 S3 之前就读完了需要的一切，之后只用 `next` 这份拷贝。"),
				p("The same rule fixes [wait_group's B2](b2-wait-group-use-after-free). tinyCoro's [mutex](mutex#why) already follows it: U5 saves the next pointer before U6.",
					"同一条规则也修好了 [wait_group 的 B2](b2-wait-group-use-after-free)。tinyCoro 的 [mutex](mutex#why) 本来就遵守这条规则：U5 在 U6 之前保存了 next 指针。"),
			),
		},
	}
}

// b4Page is the push CAS that acquires without releasing.
func b4Page() *Page {
	return &Page{
		Slug:  "b4-missing-release",
		Group: Bugs,
		Bugs:  []string{"B4"},
		Title: Text{"The push that does not release", "不带 release 的入栈"},
		Summary: Text{
			"event's waiter writes its handle and its link with plain stores, then publishes the node with a CAS that only acquires. Nothing orders those stores before the setter's reads: a data race under the C++ memory model.",
			"event 的等待者用普通写入记下句柄和链接，然后用一次只带 acquire 的 CAS 把节点发布出去。没有任何东西保证这些写入先于设置方的读取：按 C++ 内存模型，这是数据竞争。",
		},
		Sections: []Section{
			section("code", "The code", "代码",
				code(`
E3   m_await_coro = h                                    plain write
E6   m_next = old                                        plain write
E7   m_state.compare_exchange_weak(old, this, memory_order_acquire)
                                                         one order for both outcomes: acquire`),
				p("The single-order overload of `compare_exchange_weak` uses the given order for success and failure alike, so a successful E7 acquires but does not release. The setter's exchange at S1 is `acq_rel`, but an acquire synchronizes only with a release. The writes at E3 and E6 are not ordered before the setter's reads of `m_await_coro` (S3) and `m_next` (S4).",
					"`compare_exchange_weak` 的单内存序重载对成功和失败使用同一个内存序，所以成功的 E7 只有 acquire，没有 release。设置方 S1 的 exchange 是 `acq_rel`，但 acquire 只能和 release 同步。E3、E6 的写入并不先于设置方对 `m_await_coro`（S3）和 `m_next`（S4）的读取。"),
			),
			section("interleaving", "The interleaving, step by step", "交错过程，逐步来看",
				stepsOf(Run{Lesson: "event-missing-release", Schedule: "park-then-set"},
					step("W1", "E1", "`register_wait()`.", "`register_wait()`。"),
					step("W1", "E2", "Loads `m_state`: not set.", "读 `m_state`：未触发。"),
					step("W1", "E3", "Plain write: `m_await_coro = h`.", "普通写：`m_await_coro = h`。"),
					step("W1", "E4", "Loads `m_state`: `nullptr`.", "读 `m_state`：`nullptr`。"),
					step("W1", "E6", "Plain write: `m_next = nullptr`.", "普通写：`m_next = nullptr`。"),
					step("W1", "E7", "The CAS succeeds, with acquire order only. W1 parks.", "CAS 成功，但只带 acquire。W1 挂起。"),
					step("S", "S1", "Exchanges `m_state` (`acq_rel`) and gets `&W1.awaiter`. It acquires, but W1 released nothing.", "交换 `m_state`（`acq_rel`），拿到 `&W1.awaiter`。它做了 acquire，可 W1 什么也没 release。"),
					step("S", "S3", "Reads `W1.awaiter.m_await_coro` to submit it: a data race with E3.", "读取 `W1.awaiter.m_await_coro` 以便提交：与 E3 构成数据竞争。"),
					step("S", "S4", "Reads `W1.awaiter.m_next`: a data race with E6.", "读取 `W1.awaiter.m_next`：与 E6 构成数据竞争。"),
				),
				live(Embed{
					Lesson: "event-missing-release", Schedule: "park-then-set", Step: 8, Thread: "S", Label: "S3",
					Title:   Text{"Live stepper: the setter reads a handle that was never released to it", "交互演示：设置方读取了从未 release 给它的句柄"},
					Caption: Text{"At S3 the setter reads `m_await_coro`; the playground reports the race and names the acquire-only CAS. Switch to the fixed variant: same steps, no race.", "S3 处设置方读取 `m_await_coro`；演练场报告了数据竞争，并指出那次只有 acquire 的 CAS。切换到修复版：同样的步骤，没有竞争。"},
				}),
				p("On ARM or POWER the plain stores can become visible after the CAS: S3 could submit a stale or null handle, and S4 could read a stale `nullptr` and cut the rest of the stack off, losing wakeups. On x86-64 the hardware hides it, but the compiler may still sink the plain stores below an acquire-only read-modify-write.",
					"在 ARM 或 POWER 上，普通写入可能在 CAS 之后才变得可见：S3 可能提交一个过时的甚至为空的句柄，S4 可能读到过时的 `nullptr`，把栈的其余部分截断，丢掉唤醒。在 x86-64 上硬件掩盖了这一点，但编译器仍然可以把普通写下沉到只有 acquire 的读-改-写之后。"),
				note("A machine that runs every step in one global order, as a plain step scheduler does, cannot show this bug: every write is visible at once. Lockstep tracks happens-before with vector clocks, so it reports the reads that nothing orders after the writes.",
					"如果机器按单一的全局顺序执行每一步——普通的单步调度器就是这样——这个缺陷是显示不出来的：每次写入都立即可见。Lockstep 用向量时钟跟踪 happens-before，所以能报告那些没有被任何东西排在写入之后的读取。"),
			),
			section("fix", "The fix", "修复",
				code(`
E7   m_state.compare_exchange_weak(old, this, memory_order_release, memory_order_acquire)`),
				p("Why it holds: with release on success, E3 and E6 happen before E7 in W1's program order, E7 releases, and S1 reads the value E7 wrote with an acquire, so E7 synchronizes with S1. Every write W1 made before its push happens before the setter's reads at S3 and S4. S1 stays `acq_rel`: acquire to see the pushed nodes, and release so that a waiter that later sees `this` with an acquire at E2 or E4 also sees the value `set(v)` stored at S0.",
					"为什么成立：成功时带上 release 之后，E3、E6 在 W1 的程序顺序里先于 E7，E7 做 release，S1 以 acquire 读到了 E7 写下的值，于是 E7 与 S1 同步。W1 入栈前的每次写入都先于设置方在 S3、S4 的读取发生。S1 仍保持 `acq_rel`：acquire 用来看到入栈的节点；release 则保证之后在 E2 或 E4 以 acquire 看到 `this` 的等待者，也能看到 `set(v)` 在 S0 存入的值。"),
				p("wait_group's G6 and mutex's M3 and M4 already use `acq_rel`; only the event has this bug, and the [latch](latch) inherits it.",
					"wait_group 的 G6 以及 mutex 的 M3、M4 本来就用 `acq_rel`；只有 event 有这个缺陷，[latch](latch) 则从 event 继承了它。"),
			),
		},
	}
}
