package docs

// waitGroupPage is tinyCoro's wait_group, and the fixed design with count
// and head in one word.
func waitGroupPage() *Page {
	return &Page{
		Slug:  "wait-group",
		Group: Primitives,
		Bugs:  []string{"B2", "B5", "B6", "B7"},
		Title: Text{"wait_group", "wait_group"},
		Summary: Text{
			"Wait until a count of tasks reaches zero, like Go's WaitGroup. tinyCoro keeps the count and the waiter stack in two separate words, and that separation is where four bugs live. The fix puts them in one.",
			"等待一组任务的计数归零，和 Go 的 WaitGroup 一样。tinyCoro 把计数和等待者栈放在两个独立的字里，四个缺陷都出在这种分离上。修复办法是把它们放进同一个字。",
		},
		Sections: []Section{
			section("state", "The state: two words", "状态：两个字",
				table(cells(item("member", "成员"), item("value", "取值"), item("meaning", "含义")),
					cells(same("`m_count`"), same("`atomic<int32>`"), item("tasks still to finish. “Released” means `m_count == 0`; a negative count is never checked.", "还没完成的任务数。“放行”的含义就是 `m_count == 0`；负数从不检查。")),
					cells(same("`m_state`"), same("`nullptr`"), item("no waiters", "没有等待者")),
					cells(same(""), item("an awaiter's address", "某个 awaiter 的地址"), item("the top of a LIFO stack of waiters linked by `m_next`", "由 `m_next` 串起的等待者后进先出栈的栈顶"))),
				p("Unlike the [event](event#state), there is no sentinel in `m_state`: whether the group is released is read from the other word, `m_count`. A waiter therefore has to look at two words, and nothing makes the two looks one.",
					"和 [event](event#state) 不同，`m_state` 里没有哨兵值：是否放行要看另一个字 `m_count`。于是等待者必须看两个字，而没有任何机制能把这两次查看合成一次。"),
			),
			section("algorithm", "The algorithm as tinyCoro writes it", "tinyCoro 的写法",
				code(`
G1   await_suspend(h): m_await_coro = h                  plain write
G2     m_ctx.register_wait()
G3     loop: if m_count.load(acquire) == 0: don't suspend (G7)
G4       head = m_state.load(acquire)
G5       m_next = head                                   plain write
G6       CAS_weak(m_state: head → this awaiter, acq_rel)
         success: parked   failure: back to G3
G7   await_resume: m_ctx.unregister_wait()

A1   add(n):  m_count.fetch_add(n, acq_rel)             never wakes anyone, never checks the sign

D1   done():  if m_count.fetch_sub(1, acq_rel) != 1: return
D2            head = m_state.exchange(nullptr, acq_rel)  take the whole stack
D3            loop: head->resume()                       submit_task
D4                  head = head->m_next                  read after the resume: B2`),
				p("Only the `done()` that takes the count from 1 to 0 wakes anyone, and it wakes everybody on the stack, newest first. After a drain `m_state` is `nullptr` again, so a later `add()` starts a new round.",
					"只有把计数从 1 减到 0 的那次 `done()` 会唤醒别人，而且唤醒栈上所有人，最新的先醒。一轮放行之后 `m_state` 又回到 `nullptr`，之后的 `add()` 开始新一轮。"),
			),
			section("bugs", "What goes wrong", "哪里会出错",
				list(
					item("[B5, the lost wakeup](b5-lost-wakeup): the check at G3 and the push at G6 are two steps; the last `done()` can run entirely between them.",
						"[B5，丢失的唤醒](b5-lost-wakeup)：G3 的检查和 G6 的入栈是两步，最后一次 `done()` 可以完整地插在两者之间。"),
					item("[B6, the premature release](b6-premature-release): the decrement at D1 and the drain at D2 are two steps; a new round's waiter can be drained by the old round.",
						"[B6，提前放行](b6-premature-release)：D1 的减一和 D2 的取栈是两步，新一轮的等待者可能被上一轮放行。"),
					item("[B2, the use-after-free](b2-wait-group-use-after-free): D4 reads `m_next` after D3 handed the waiter back, even if it has finished or is waiting again.",
						"[B2，释放后使用](b2-wait-group-use-after-free)：D4 在 D3 交还等待者之后才读 `m_next`，哪怕等待者已经结束，或者已经又在等了。"),
					item("[B7, `add()` never wakes](b7-add-never-wakes): an `add(-n)` that reaches zero leaves the waiters parked, and a count below zero goes unnoticed.",
						"[B7，`add()` 从不唤醒](b7-add-never-wakes)：`add(-n)` 把计数减到零时，等待者仍然挂着；计数变成负数也没人发现。"),
				),
				note("B5 and B6 are atomicity bugs, not memory-order bugs: they happen under sequential consistency too, and no stronger memory order can fix them. The count and the stack must change together.",
					"B5 和 B6 是原子性问题，不是内存序问题：在顺序一致性下照样发生，换成再强的内存序也修不好。计数和栈必须一起改变。"),
			),
			section("fix", "The fix: count and head in one word", "修复：把计数和栈顶放进同一个字",
				p("The `fixed` variant keeps a single 64-bit word, compared and swapped as a unit:",
					"`fixed` 版本只保留一个 64 位的字，整体进行比较交换："),
				table(cells(item("bits", "位"), item("content", "内容")),
					cells(same("63 … 32"), item("`count`, an `int32`", "`count`，一个 `int32`")),
					cells(same("31 … 0"), item("`head`, the newest parked awaiter (0 is `nullptr`); the others hang below it by `m_next`", "`head`，最新挂起的 awaiter（0 即 `nullptr`）；其余的经由 `m_next` 挂在它下面"))),
				code(`
P1   add(delta), done() = add(-1): old = m_state.load(acquire)
       n = old.count + delta;  n < 0: panic("negative counter")
P2   CAS(m_state: old → (n == 0 ? (0, nullptr) : (n, old.head)), acq_rel)
       failure: back to P1;  n == 0: wake the stack old.head took
P3   wake loop: next = cur->m_next                       read BEFORE the resume
P4              cur->resume(); cur = next                cur is not touched again

Q1   await_suspend(h): m_await_coro = h
Q2     m_ctx.register_wait()
Q3     loop: old = m_state.load(acquire); if old.count == 0: don't suspend (Q6)
Q4       m_next = old.head                               never dereference old.head
Q5       CAS(m_state: old → (old.count, this awaiter), release)
         success: parked   failure: back to Q3
Q6   await_resume: m_ctx.unregister_wait()`),
				p("Invariant: `count == 0` implies `head == nullptr`. It holds at the start; a waiter pushes only while the count is not zero and keeps the count; an add that reaches zero clears the head in the same CAS; any other add keeps it.",
					"不变式：`count == 0` 蕴含 `head == nullptr`。初始时成立；等待者只在计数不为零时入栈，而且不改计数；减到零的 add 在同一次 CAS 里清空栈顶；其他 add 保留栈顶。"),
				p("Linearization points: for `add`, `done` and a parking `wait`, the successful CAS (P2, Q5); for a `wait` that does not park, the load at Q3 that saw a count of 0.",
					"线性化点：`add`、`done` 和挂起的 `wait` 都在各自成功的 CAS（P2、Q5）；不挂起的 `wait` 在 Q3 读到计数为 0 的那次加载。"),
				p("Why each bug is gone is on its own page: the check and the push are one CAS ([B5](b5-lost-wakeup#fix)), zeroing and taking are one CAS ([B6](b6-premature-release#fix)), the loop copies `m_next` out first ([B2](b2-wait-group-use-after-free#fix)), and any add that reaches zero wakes ([B7](b7-add-never-wakes#fix)). ABA is harmless: a waiter's decision depends only on the pair at the instant of its CAS, and it never reads through `old.head`.",
					"每个缺陷为什么消失，各自的页面里有说明：检查与入栈合成一次 CAS（[B5](b5-lost-wakeup#fix)），归零与取栈合成一次 CAS（[B6](b6-premature-release#fix)），循环先把 `m_next` 拷出来（[B2](b2-wait-group-use-after-free#fix)），任何减到零的 add 都会唤醒（[B7](b7-add-never-wakes#fix)）。ABA 无害：等待者的决定只取决于 CAS 那一刻的这一对值，它也从不通过 `old.head` 去读任何东西。"),
			),
			section("try", "Step through it", "亲手单步",
				live(Embed{
					Lesson: "wg-basic", Schedule: "park-first", Step: 13, Thread: "D1", Label: "D1",
					Title:   Text{"Live stepper: a wait_group with two waiters and two workers", "交互演示：两个等待者、两个工作者的 wait_group"},
					Caption: Text{"Both waiters are parked, W2 on top, and worker D1's `done()` has taken the count from 2 to 1. Worker D2's `done()` is next: its D1 step takes the count to 0, D2 takes the stack, and D3 and D4 wake W2, then W1. Switch variants to see the fixed design and Go's do the same job.", "两个等待者都已挂起，W2 在栈顶；工作者 D1 的 `done()` 已把计数从 2 减到 1。接下来是工作者 D2 的 `done()`：它的 D1 步把计数减到 0，D2 步取走整个栈，D3、D4 先唤醒 W2，再唤醒 W1。切换版本，看看修复后的设计和 Go 如何完成同样的工作。"},
				}),
			),
			section("labels", "Step labels", "步骤标签",
				table(cells(item("label", "标签"), item("step", "这一步做什么")),
					cells(same("G1"), item("`m_await_coro = h`, a plain write", "`m_await_coro = h`，普通写")),
					cells(same("G2"), item("`register_wait()`", "`register_wait()`")),
					cells(same("G3"), item("load `m_count`; 0 means don't suspend", "读 `m_count`；为 0 则不挂起")),
					cells(same("G4"), item("load `m_state`, the current top", "读 `m_state`，即当前栈顶")),
					cells(same("G5"), item("`m_next = head`, a plain write", "`m_next = head`，普通写")),
					cells(same("G6"), item("CAS `m_state` from `head` to this awaiter: success parks, failure retries at G3", "CAS 把 `m_state` 从 `head` 改成本 awaiter：成功则挂起，失败回到 G3")),
					cells(same("G7"), item("`unregister_wait()`", "`unregister_wait()`")),
					cells(same("A1"), item("`add(n)`: `m_count.fetch_add(n)`", "`add(n)`：`m_count.fetch_add(n)`")),
					cells(same("D1"), item("`done()`: `m_count.fetch_sub(1)`; go on only if it returned 1", "`done()`：`m_count.fetch_sub(1)`；只有返回 1 才继续")),
					cells(same("D2"), item("exchange `m_state` for `nullptr`: take the stack", "把 `m_state` 换成 `nullptr`：取走整个栈")),
					cells(same("D3"), item("`head->resume()`: submit the waiter to its context", "`head->resume()`：把等待者提交回它的上下文")),
					cells(same("D4"), item("read `head->m_next`", "读 `head->m_next`")),
					cells(same("P1 … P4"), item("the fixed `add`/`done`: load, CAS, then the copy-first wake loop", "修复版的 `add`/`done`：加载、CAS，然后先拷贝再唤醒的循环")),
					cells(same("Q1 … Q6"), item("the fixed `wait`: load, link, CAS", "修复版的 `wait`：加载、链接、CAS")),
				),
			),
		},
	}
}
