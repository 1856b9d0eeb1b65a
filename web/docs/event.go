package docs

// eventPage is tinyCoro's event: the state word, wait, set, why no wakeup
// is lost, and the labels.
func eventPage() *Page {
	return &Page{
		Slug:  "event",
		Group: Primitives,
		Bugs:  []string{"B1", "B4", "B10"},
		Title: Text{"event", "event"},
		Summary: Text{
			"A one-shot broadcast. One atomic word holds both the “set” flag and the stack of waiting coroutines, so marking the event set and taking every waiter is a single exchange.",
			"一次性的广播。一个原子字同时保存“已触发”标志和等待协程的栈，所以“置位”和“取走所有等待者”是同一次 exchange。",
		},
		Sections: []Section{
			section("state", "The state word", "状态字",
				p("An event has one member that matters, `m_state`, an `atomic<void*>`. Its value means one of three things:",
					"event 真正要紧的成员只有一个：`atomic<void*>` 类型的 `m_state`。它的值有三种含义："),
				table(cells(item("m_state", "m_state"), item("meaning", "含义")),
					cells(same("`nullptr`"), item("not set; nobody waits", "未触发，没有等待者")),
					cells(same("`this`"), item("set. The event's own address is the mark. There is no reset, so this state is final.",
						"已触发。标记就是 event 自己的地址。没有 reset，所以这是终态。")),
					cells(item("any other address", "其他地址"), item("not set; the newest waiter's awaiter, the top of a LIFO stack linked by `m_next` and ending in `nullptr`",
						"未触发；指向最新一个等待者的 awaiter，也就是一个由 `m_next` 串起、以 `nullptr` 结尾的后进先出栈的栈顶"))),
				p("The nodes of the stack are the awaiters themselves: the temporary that `co_await ev.wait()` creates in the waiting coroutine's frame. Pushing one costs no allocation, but a node lives only as long as its `co_await`. Once its coroutine has resumed, the node is gone.",
					"栈的节点就是 awaiter 本身，即 `co_await ev.wait()` 在等待协程的帧里创建的临时对象。入栈不需要分配内存，但节点只活到它那次 `co_await` 结束为止：协程一旦恢复，节点就不复存在。"),
			),
			section("wait", "Waiting: co_await ev.wait()", "等待：co_await ev.wait()",
				code(`
E1   await_ready:   m_ctx.register_wait()                 fetch_add, acq_rel
E2                  if m_state.load(acquire) == this:     already set, don't suspend (E9)
E3   await_suspend: m_await_coro = h                      plain write
E4   loop:          old = m_state.load(acquire)
E5                  if old == this: m_next = nullptr      set meanwhile, don't suspend (E9)
E6                  m_next = old                          plain write
E7                  CAS_weak(m_state: old → this awaiter, acquire)
                    success: parked   failure: back to E4
E9   await_resume:  m_ctx.unregister_wait()               fetch_sub, acq_rel
E10                 event<T>: return the stored value     plain read`),
				p("`register_wait` (E1) and `unregister_wait` (E9) count the context's parked coroutines; while the count is not zero the context does not declare itself idle. Every path through the awaiter ends at E9, so the count balances.",
					"E1 的 `register_wait` 和 E9 的 `unregister_wait` 统计上下文里挂起的协程数；只要计数不为零，上下文就不会宣布自己空闲。awaiter 的每一条路径都以 E9 结束，所以计数总能配平。"),
			),
			section("set", "Setting: set()", "触发：set()",
				code(`
S0   set(v), event<T> only: store v                     plain write
S1   old = m_state.exchange(this, acq_rel)
     if old is this (already set) or nullptr (nobody waits): return
S3   loop: cur->m_ctx.submit_task(cur->m_await_coro)
S4         cur = cur->m_next                            read after the submit: B1`),
				p("One exchange marks the event set and takes the whole stack. The loop then hands each waiter back to the context it came from, newest first. A second `set()` finds `this` and does nothing.",
					"一次 exchange 既完成置位，又取走了整个栈。随后的循环把每个等待者交还给它原来所在的上下文，最新的先交。第二次 `set()` 看到的是 `this`，什么也不做。"),
			),
			section("why", "Why no wakeup is lost", "为什么不会丢失唤醒",
				p("The flag and the stack are the same word. A waiter commits to parking with its CAS at E7, which succeeds only if `m_state` still holds what E4 loaded. If `set()` lands between E4 and E7, `m_state` is now `this`: the CAS fails, the retry reads `this` at E4, and the waiter does not park. If the CAS comes first, the node is on the stack before S1, and S1 takes it.",
					"标志和栈是同一个字。等待者靠 E7 的 CAS 决定挂起，而只有 `m_state` 仍是 E4 读到的值时这次 CAS 才会成功。如果 `set()` 落在 E4 和 E7 之间，`m_state` 已经变成 `this`：CAS 失败，重试时 E4 读到 `this`，等待者不挂起。如果 CAS 在前，节点在 S1 之前就已入栈，S1 会把它一并取走。"),
				p("There is no ABA either. Before `set()` the word changes only by pushes, and nobody pops a single node; after `set()` it never changes again.",
					"也不存在 ABA 问题。`set()` 之前，这个字只会因入栈而改变，没有人单独弹出节点；`set()` 之后它再也不变。"),
				p("Linearization points: `set()` at its exchange (S1); a waiter that parks at its successful CAS (E7); a waiter that does not park at the load that saw `this` (E2 or E4).",
					"线性化点：`set()` 在它的 exchange（S1）；挂起的等待者在成功的 CAS（E7）；不挂起的等待者在读到 `this` 的那次加载（E2 或 E4）。"),
			),
			section("try", "Step through it", "亲手单步",
				live(Embed{
					Lesson: "event-basic", Schedule: "wait-then-set", Step: 13, Thread: "S", Label: "S1",
					Title:   Text{"Live stepper: two waiters park, then set() wakes them", "交互演示：两个等待者挂起，随后 set() 唤醒它们"},
					Caption: Text{"Both waiters are on the stack, W2 on top. S1 has just swapped in `this` and taken the stack. Step on to watch S3 and S4 walk it, newest first, or go back to watch the pushes.", "两个等待者都在栈上，W2 在顶上。S1 刚刚换入 `this` 并取走了整个栈。继续单步，看 S3、S4 从最新的开始遍历它；或者往回退，看两次入栈。"},
				}),
			),
			section("bugs", "What goes wrong", "哪里会出错",
				list(
					item("[B1](b1-event-use-after-free): S4 reads `cur->m_next` after S3 handed `cur`'s coroutine back. By then the node may be gone.",
						"[B1](b1-event-use-after-free)：S4 在 S3 把协程交还之后才读 `cur->m_next`，这时节点可能已经不在了。"),
					item("[B4](b4-missing-release): the CAS at E7 only acquires, so nothing publishes the plain writes of E3 and E6 to the setter.",
						"[B4](b4-missing-release)：E7 的 CAS 只有 acquire 语义，E3 和 E6 的普通写入没有被发布给 set 的一方。"),
					item("[B10](b10-inline-and-drop): when the target's queue is full, S3 runs the waiter inline on the setter's thread, and past a depth cap drops it.",
						"[B10](b10-inline-and-drop)：目标队列满了时，S3 会在 set 方自己的线程上内联运行等待者，超过深度上限则直接把它丢掉。"),
				),
				p("The `fixed` variant makes the two fixes and changes nothing else: E7 releases, and the loop reads `m_next` (S4) before it submits (S3).",
					"`fixed` 版本只改两处，别的都不动：E7 带上 release，循环先读 `m_next`（S4）再提交（S3）。"),
			),
			section("labels", "Step labels", "步骤标签",
				p("Each label is one step: exactly one access to shared memory. The playground's buttons move a thread by one such step.",
					"每个标签就是一步：恰好一次共享内存访问。演练场里的按钮每按一次，就让对应线程走这样一步。"),
				table(cells(item("label", "标签"), item("step", "这一步做什么")),
					cells(same("E1"), item("`register_wait()`: one more parked coroutine on this context", "`register_wait()`：本上下文挂起的协程数加一")),
					cells(same("E2"), item("load `m_state`; `this` means set, so don't suspend", "读 `m_state`；若为 `this` 则已触发，不挂起")),
					cells(same("E3"), item("`m_await_coro = h`, a plain write into the awaiter", "`m_await_coro = h`，对 awaiter 的普通写")),
					cells(same("E4"), item("load `m_state` to push onto it", "为入栈读取 `m_state`")),
					cells(same("E5"), item("it was `this`: `m_next = nullptr`, don't suspend", "读到 `this`：`m_next = nullptr`，不挂起")),
					cells(same("E6"), item("`m_next = old`, a plain write", "`m_next = old`，普通写")),
					cells(same("E7"), item("CAS `m_state` from `old` to this awaiter: success parks, failure retries at E4", "CAS 把 `m_state` 从 `old` 改为本 awaiter：成功则挂起，失败回到 E4")),
					cells(same("E9"), item("`unregister_wait()`, on the way out", "退出时 `unregister_wait()`")),
					cells(same("E10"), item("`event<T>`: read the stored value", "`event<T>`：读出存放的值")),
					cells(same("S0"), item("`event<T>`: store the value", "`event<T>`：写入值")),
					cells(same("S1"), item("exchange `m_state` for `this`: mark set, take the stack", "把 `m_state` 换成 `this`：置位并取走整个栈")),
					cells(same("S3"), item("`submit_task`: hand the coroutine back to its context", "`submit_task`：把协程交还给它的上下文")),
					cells(same("S4"), item("read `cur->m_next`", "读 `cur->m_next`")),
				),
			),
		},
	}
}
