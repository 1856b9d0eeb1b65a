package docs

// b8Page is the LIFO guess at tinyCoro's mutex against the real FIFO one.
func b8Page() *Page {
	return &Page{
		Slug:  "b8-mutex-fifo",
		Group: Bugs,
		Bugs:  []string{"B8"},
		Title: Text{"The LIFO guess and the real FIFO mutex", "LIFO 的猜测与真实的 FIFO mutex"},
		Summary: Text{
			"Waiters push themselves onto a stack, so it is tempting to guess that unlock pops the newest one, and that the mutex is unfair. tinyCoro's unlock reverses each batch instead and hands the lock over in arrival order.",
			"等待者把自己压进一个栈，于是很容易猜想 unlock 会弹出最新的那个，mutex 也就不公平。而 tinyCoro 的 unlock 会把每一批反转过来，按到达顺序交出锁。",
		},
		Sections: []Section{
			section("guess", "The guess", "猜测",
				p("Read only `mutex.hpp` and the natural unlock pops the top of the stack in `m_state`: the waiter that arrived last.",
					"只读 `mutex.hpp` 的话，最自然的 unlock 写法是弹出 `m_state` 里的栈顶，也就是最后到达的等待者。"),
				code(`
V1   s = m_state.load(acquire)
     s == nullptr: V2 CAS_strong(m_state: nullptr → 1, release): released, else back to V1
V3   next = s->m_next                                    read before the resume
V4   CAS(m_state: s → next, acq_rel); failure: back to V1
V5   s->resume()                                         hand the lock to the newest waiter`),
				p("The guess is still a correct lock: only the holder pops and pushers only push, so the stack cannot change under V3 without failing V4, and the lock passes to the popped waiter directly. But it serves waiters newest first. Under steady contention the oldest waiter can wait forever.",
					"这个猜测出来的锁依然是正确的：只有持锁者弹栈，其他人只入栈，所以 V3 之后栈若有变化，V4 必然失败；锁也是直接交给弹出的等待者。但它先服务最新来的等待者。在持续的竞争下，最早的等待者可能永远等下去。"),
			),
			section("real", "What tinyCoro does", "tinyCoro 的实际做法",
				p("The real [unlock](mutex#unlock) detaches the whole stack with one exchange (U3), reverses it into arrival order (U4), keeps it in the holder-only list `m_resume_list_head` (U5), and resumes the oldest (U6). The next unlock serves the rest of that batch before it looks at `m_state` again.",
					"真正的 [unlock](mutex#unlock) 用一次 exchange 摘下整个栈（U3），把它反转成到达顺序（U4），存进只有持锁者才碰的 `m_resume_list_head`（U5），然后恢复最早的那个（U6）。下一次 unlock 会先服务完这一批，才再去看 `m_state`。"),
			),
			section("interleaving", "The interleaving, step by step", "交错过程，逐步来看",
				p("L1 takes the lock on the fast path; L2 and then L3 queue behind it; then L1 unlocks. The lesson asserts FIFO: a parked waiter must get the lock before anyone who queued after it.",
					"L1 走快速路径拿到锁；L2、L3 先后排到它后面；然后 L1 解锁。这节课断言先进先出：已挂起的等待者必须先于在它之后排队的人拿到锁。"),
				steps(
					step("L1", "M1a … M5", "Writes its handle, registers, loads `m_state` = `1`, CAS `1 → nullptr`: L1 holds the lock.", "写句柄、登记、读到 `m_state` = `1`、CAS `1 → nullptr`：L1 持有锁。"),
					step("L2", "M1a … M4b", "Loads `m_state` = `nullptr`, links `m_next = nullptr`, pushes itself: the stack is `[L2]`.", "读到 `m_state` = `nullptr`，链接 `m_next = nullptr`，把自己压栈：栈为 `[L2]`。"),
					step("L3", "M1a … M4b", "Loads `&L2.awaiter`, links to it, pushes itself: the stack is `[L3, L2]`, newest on top.", "读到 `&L2.awaiter`，链接到它，把自己压栈：栈为 `[L3, L2]`，最新的在上面。"),
					step("L1", "CS1, CS2", "The critical section; then L1 unlocks.", "临界区；随后 L1 解锁。"),
					step("L1", "U1 … U6", "tinyCoro: U3 takes `[L3, L2]`, U4 reverses it to `[L2, L3]`, U5 keeps `[L3]` for later, U6 resumes L2. Arrival order.", "tinyCoro：U3 取走 `[L3, L2]`，U4 反转成 `[L2, L3]`，U5 把 `[L3]` 留到以后，U6 恢复 L2。符合到达顺序。"),
					step("L1", "V1 … V5", "The guess: V1 loads `&L3.awaiter`, V3 reads its `m_next`, V4 pops it, V5 resumes L3. L3 overtakes L2, and the FIFO assertion fails.", "猜测版：V1 读到 `&L3.awaiter`，V3 读它的 `m_next`，V4 弹出它，V5 恢复 L3。L3 插到了 L2 前面，FIFO 断言失败。"),
				),
				live(Embed{
					Lesson: "mutex-lifo-guess", Variant: "lifo", Schedule: "two-waiters", Step: 26, Thread: "L3", Label: "M5",
					Title:   Text{"Live stepper: the LIFO guess hands the lock to the last arrival", "交互演示：LIFO 猜测版把锁交给了最后到的人"},
					Caption: Text{"The guessed unlock popped L3, and L3 now holds the lock although L2 queued first: the FIFO assertion fails. Switch to the tinycoro variant: the same steps hand the lock to L2.", "猜测版的 unlock 弹出了 L3，于是 L3 拿到了锁，尽管 L2 排队更早：FIFO 断言失败。切换到 tinycoro 版本：同样的步骤会把锁交给 L2。"},
				}),
			),
			section("why", "Why tinyCoro's order is FIFO", "为什么 tinyCoro 是先进先出",
				p("Order the waiters by their successful push CAS (M4b), the point where each one linearizes as “queued”. A batch that U3 detaches holds a contiguous run of that order, newest on top; reversing it gives arrival order within the batch. Every waiter of a batch pushed before U3 detached it, and every waiter of a later batch pushed after, so serving batches in detach order keeps the global order. And since the handoff never passes through `1`, no newcomer can take the lock on the fast path in between.",
					"把等待者按各自成功的入栈 CAS（M4b）排序，那是每个等待者线性化为“已排队”的时刻。U3 摘下的一批恰好是这个顺序里连续的一段，最新的在顶上；反转之后就是批内的到达顺序。同一批里的每个等待者都在 U3 摘下之前入栈，后面批次的都在之后入栈，所以按摘下的先后服务各批就保持了全局顺序。而且交接从不经过 `1`，新来者无法在中途走快速路径抢到锁。"),
				note("The lab handout allows either order, so the guess is not wrong by the lab's rules; it is just not what tinyCoro does. event and wait_group do submit their waiters newest first, but they wake everyone, so the order only decides who runs first.",
					"实验讲义允许任一种顺序，所以按实验的规则这个猜测不算错，只是和 tinyCoro 的实际做法不符。event 和 wait_group 确实是先提交最新的等待者，但它们会唤醒所有人，顺序只决定谁先运行。"),
			),
		},
	}
}
