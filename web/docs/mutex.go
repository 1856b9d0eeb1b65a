package docs

// mutexPage is tinyCoro's mutex: a lock word that is also a stack, a
// private FIFO list, and direct handoff.
func mutexPage() *Page {
	return &Page{
		Slug:  "mutex",
		Group: Primitives,
		Bugs:  []string{"B8"},
		Title: Text{"mutex", "mutex"},
		Summary: Text{
			"A coroutine lock that never spins. The lock word doubles as a stack of new arrivals; unlock detaches them, reverses them into arrival order, and hands the lock directly to the oldest.",
			"一把从不自旋的协程锁。锁字同时也是新来者的栈；unlock 把它们整批摘下、反转成到达顺序，再把锁直接交给最早来的那个。",
		},
		Sections: []Section{
			section("state", "The state", "状态",
				table(cells(item("`m_state`", "`m_state`"), item("meaning", "含义")),
					cells(same("`1`"), item("unlocked, and nobody waits anywhere", "未加锁，任何地方都没有等待者")),
					cells(same("`nullptr`"), item("locked, no new arrivals", "已加锁，没有新来的等待者")),
					cells(item("an awaiter's address", "某个 awaiter 的地址"), item("locked; the top of a LIFO stack of new arrivals linked by `m_next`", "已加锁；新来者组成的后进先出栈的栈顶，由 `m_next` 串起"))),
				p("A second member, `m_resume_list_head`, is a plain pointer: a FIFO list, oldest first, of waiters already detached from `m_state` and waiting for the lock. Only the holder reads or writes it, inside `unlock()`, so it needs no atomics. It persists from one unlock to the next.",
					"第二个成员 `m_resume_list_head` 是一个普通指针：一条先进先出的链表，最早的在前，存放已经从 `m_state` 摘下、正在等锁的等待者。只有持锁者在 `unlock()` 里读写它，所以不需要原子操作。它在一次次 unlock 之间一直保留着。"),
				p("Invariant: `m_state == 1` implies the resume list is empty. While anyone is on the resume list, the lock stays held.",
					"不变式：`m_state == 1` 蕴含待恢复链表为空。只要链表上还有人，锁就一直处于持有状态。"),
			),
			section("lock", "Locking: co_await m.lock()", "加锁：co_await m.lock()",
				code(`
M1   await_suspend(h): m_await_coro = h; m_ctx.register_wait()
M2   loop: s = m_state.load(acquire); m_next = nullptr
M3     if s == 1: CAS_weak(m_state: 1 → nullptr, acq_rel)
                  success: acquired on the fast path, don't suspend   failure: back to M2
M4     else:      m_next = s; CAS_weak(m_state: s → this awaiter, acq_rel)
                  success: queued, parked                            failure: back to M2
M5   await_resume: m_ctx.unregister_wait(); the coroutine now holds the lock`),
				p("The labels split where a line makes two accesses: M1a writes the handle and M1b registers; M2a loads and M2b clears `m_next`; M4a links and M4b pushes.",
					"一行里有两次访问的地方，标签会拆开：M1a 写句柄、M1b 登记；M2a 加载、M2b 清空 `m_next`；M4a 链接、M4b 入栈。"),
			),
			section("unlock", "Unlocking: handoff", "解锁：直接交接",
				code(`
U1   r = m_resume_list_head                             plain, holder only
     if r == nullptr:
U2     if CAS_strong(m_state: nullptr → 1, acq_rel): return     nobody waits: released
U3     h = m_state.exchange(nullptr, acq_rel)           take the new arrivals; the lock STAYS held
U4     reverse the chain h in place                     r = the oldest arrival
U5   m_resume_list_head = r->m_next                     read next BEFORE the resume
U6   r->resume()                                        submit_task: r now holds the lock`),
				p("`unlock()` wakes one waiter and gives it the lock directly: the state never passes through “unlocked”, so neither the fast path of a newcomer nor `try_lock` can barge in between.",
					"`unlock()` 只唤醒一个等待者，并把锁直接交给它：状态从不经过“未加锁”，所以新来者的快速路径和 `try_lock` 都没法从中间插队。"),
				p("Each detached batch is reversed into arrival order, and batches are served in the order they were detached. The result is FIFO in the order the push CASes succeeded. The stack in `m_state` is LIFO only until it is detached. Read the [B8 page](b8-mutex-fifo) for the LIFO guess this is often mistaken for.",
					"每一批摘下的等待者都被反转成到达顺序，批与批之间按摘下的先后服务。结果就是按入栈 CAS 成功的顺序先进先出。`m_state` 里的栈只在被摘下之前是后进先出的。常有人误以为它是 LIFO，见 [B8 这一页](b8-mutex-fifo)。"),
			),
			section("why", "Why it holds", "为什么成立",
				list(
					item("No lost wakeup: the lock state and the stack share one word. If U2 turns `nullptr` into `1`, a pusher's CAS at M4b fails and its retry takes the fast path.",
						"不会丢失唤醒：锁状态和栈共用一个字。如果 U2 把 `nullptr` 改成了 `1`，入栈者在 M4b 的 CAS 就会失败，重试时走快速路径。"),
					item("No use-after-free: U5 saves the next pointer before U6, and nothing touches `r` afterwards. Even if U6 runs the next holder inline and it unlocks in turn, the list has already moved on.",
						"不会释放后使用：U5 在 U6 之前就保存了 next 指针，之后再也不碰 `r`。即使 U6 内联运行了下一个持锁者、它又接着解锁，链表也早已前移。"),
					item("Memory order: the acq_rel CASes of M3 and M4b publish `m_next` and `m_await_coro`, and U3's exchange acquires them. `m_resume_list_head` is written before U6, and the next holder reads it after the handoff.",
						"内存序：M3 和 M4b 的 acq_rel CAS 发布了 `m_next` 和 `m_await_coro`，U3 的 exchange 获取它们。`m_resume_list_head` 在 U6 之前写入，下一个持锁者在交接之后才读它。"),
				),
				p("Linearization points: `lock()` at its successful CAS (M3) on the fast path, or at the handoff (U6) that grants it; `unlock()` at U2, or at U6.",
					"线性化点：走快速路径的 `lock()` 在成功的 CAS（M3）；排队的 `lock()` 在把锁交给它的那次交接（U6）；`unlock()` 在 U2 或 U6。"),
				note("What is not checked: an `unlock()` by a coroutine that does not hold the lock, or a second `unlock()`, corrupts the list; only “unlock while unlocked” is asserted.",
					"没有检查的情况：不持锁的协程调用 `unlock()`，或者重复 `unlock()`，都会弄坏链表；代码只断言了“在未加锁时解锁”这一种。"),
			),
			section("try", "Step through it", "亲手单步",
				live(Embed{
					Lesson: "mutex-handoff", Schedule: "arrive-during-unlock", Step: 21, Thread: "L3", Label: "M4b",
					Title:   Text{"Live stepper: a mutex handing the lock over", "交互演示：mutex 把锁交给下一位"},
					Caption: Text{"L1 holds the lock and has begun to unlock: U1 found the resume list empty. Meanwhile L2 and then L3 pushed themselves, so the stack reads L3, L2. Step L1: U2's CAS fails, U3 takes the stack, U4 reverses it, and U6 hands the lock to L2, the first to arrive.", "L1 持有锁并已开始解锁：U1 发现待恢复链表是空的。与此同时 L2、L3 先后入栈，栈里现在是 L3、L2。单步执行 L1：U2 的 CAS 失败，U3 取走栈，U4 把它反转，U6 把锁交给最先到的 L2。"},
				}),
			),
			section("labels", "Step labels", "步骤标签",
				table(cells(item("label", "标签"), item("step", "这一步做什么")),
					cells(same("M1a, M1b"), item("write the handle; `register_wait()`", "写入句柄；`register_wait()`")),
					cells(same("M2a, M2b"), item("load `m_state`; `m_next = nullptr`", "读 `m_state`；`m_next = nullptr`")),
					cells(same("M3"), item("CAS `1 → nullptr`: the fast path", "CAS `1 → nullptr`：快速路径")),
					cells(same("M4a, M4b"), item("`m_next = s`; CAS `s →` this awaiter: push and park", "`m_next = s`；CAS `s →` 本 awaiter：入栈并挂起")),
					cells(same("M5"), item("`unregister_wait()`: the lock is ours", "`unregister_wait()`：锁到手了")),
					cells(same("U1"), item("read `m_resume_list_head`", "读 `m_resume_list_head`")),
					cells(same("U2"), item("CAS `nullptr → 1`: release when nobody waits", "CAS `nullptr → 1`：没人等时直接释放")),
					cells(same("U3"), item("exchange `m_state` for `nullptr`: take the arrivals", "把 `m_state` 换成 `nullptr`：取走新来者")),
					cells(same("U4a, U4b"), item("reverse the batch: read a node's `m_next`, rewrite it", "反转这一批：读节点的 `m_next`，再改写它")),
					cells(same("U5a, U5b"), item("read `r->m_next`; store it in `m_resume_list_head`", "读 `r->m_next`；存进 `m_resume_list_head`")),
					cells(same("U6"), item("`r->resume()`: hand the lock over", "`r->resume()`：把锁交出去")),
					cells(same("CS1, CS2"), item("the critical section of the lessons: enter, leave", "课程里的临界区：进入、离开")),
				),
			),
		},
	}
}
