package docs

// b5Page is the lost wakeup in wait_group: check the count, then push.
func b5Page() *Page {
	return &Page{
		Slug:  "b5-lost-wakeup",
		Group: Bugs,
		Bugs:  []string{"B5"},
		Title: Text{"The lost wakeup", "丢失的唤醒"},
		Summary: Text{
			"wait() checks the count in one word and pushes itself onto the stack in another. The last done() can run entirely between the two: it finds nobody to wake, and the waiter parks forever.",
			"wait() 在一个字里检查计数，在另一个字里把自己压栈。最后一次 done() 可以完整地插在这两步之间：它找不到任何人可唤醒，而等待者从此永远挂起。",
		},
		Sections: []Section{
			section("code", "The window", "空档在哪里",
				code(`
G3   if m_count.load(acquire) == 0: don't suspend       the check
G4   head = m_state.load(acquire)
G5   m_next = head
G6   CAS_weak(m_state: head → this awaiter, acq_rel)    the push: success parks

D1   if m_count.fetch_sub(1, acq_rel) != 1: return
D2   head = m_state.exchange(nullptr, acq_rel)          take the stack, wake it`),
				p("The waiter's decision rests on two facts: “the count is not zero” (G3) and “I am on the stack” (G6). They are read and made true in two different words at two different times. The CAS at G6 guards only `m_state`; it cannot notice that `m_count` changed.",
					"等待者的决定建立在两个事实上：“计数不为零”（G3）和“我在栈上”（G6）。这两件事发生在两个不同的字上、两个不同的时刻。G6 的 CAS 只守着 `m_state`，察觉不到 `m_count` 已经变了。"),
			),
			section("interleaving", "The interleaving, step by step", "交错过程，逐步来看",
				p("Precondition: the count is 1, and the waiter finds an empty stack at G4. One waiter W1 and one worker D1 that calls `done()`.",
					"前提：计数为 1，并且等待者在 G4 看到的是空栈。一个等待者 W1，一个调用 `done()` 的工作者 D1。"),
				stepsOf(Run{Lesson: "wg-lost-wakeup", Schedule: "lost"},
					step("W1", "G1", "`m_await_coro = h`.", "`m_await_coro = h`。"),
					step("W1", "G2", "`register_wait()`.", "`register_wait()`。"),
					step("W1", "G3", "Loads `m_count`: 1. Not zero, so W1 will park.", "读 `m_count`：1。不为零，所以 W1 准备挂起。"),
					step("W1", "G4", "Loads `m_state`: `nullptr`, an empty stack.", "读 `m_state`：`nullptr`，空栈。"),
					step("W1", "G5", "`m_next = nullptr`.", "`m_next = nullptr`。"),
					step("D1", "D1", "`fetch_sub` returns 1: the count is now 0, and D1 goes on to wake the waiters.", "`fetch_sub` 返回 1：计数变为 0，D1 接着去唤醒等待者。"),
					step("D1", "D2", "Exchanges `m_state` for `nullptr` and gets `nullptr`: nobody to wake. `done()` returns.", "把 `m_state` 换成 `nullptr`，拿到的也是 `nullptr`：没有人可唤醒。`done()` 返回。"),
					step("W1", "G6", "CAS `m_state: nullptr → &W1.awaiter` succeeds, because the word did not change. W1 parks with the count at 0, and nothing will ever resume it.", "CAS `m_state: nullptr → &W1.awaiter` 成功，因为这个字没有变。W1 在计数为 0 时挂起，再也不会有人恢复它。"),
				),
				live(Embed{
					Lesson: "wg-lost-wakeup", Schedule: "lost", Step: 8, Thread: "W1", Label: "G6",
					Title:   Text{"Live stepper: the waiter parks after the last done() has come and gone", "交互演示：最后一次 done() 已经结束，等待者才挂起"},
					Caption: Text{"W1's CAS has just succeeded although the count is 0. The verdict is a lost wakeup. Switch to the fixed variant and replay: the check and the push become one CAS, which fails once the count has changed, and W1 does not park.", "W1 的 CAS 刚刚成功了，尽管计数已经是 0。结论是丢失的唤醒。切换到修复版重放：检查和入栈合成了一次 CAS，计数一变它就失败，W1 不会挂起。"},
				}),
				p("In a real program W1's context keeps `num_wait` at 1 forever, so it never declares itself idle, and `scheduler::loop()` never returns: the bug shows up as a hang, not a crash.",
					"在真实程序里，W1 所在上下文的 `num_wait` 永远停在 1，它永远不会宣布空闲，`scheduler::loop()` 也就永远不返回：这个缺陷表现为卡死，而不是崩溃。"),
				note("The empty stack at G4 matters. Had G4 read a non-empty head `h` before D2, the CAS at G6 would fail (`m_state` is now `nullptr`, not `h`), and the retry would see the count at 0 and not park. If G4 ran after D2 instead, it would read `nullptr` just the same, and the wakeup would be lost just the same.",
					"G4 读到空栈这一点很关键。如果 G4 在 D2 之前读到的是非空的栈顶 `h`，G6 的 CAS 就会失败（`m_state` 此时是 `nullptr` 而不是 `h`），重试时看到计数为 0，也就不会挂起。另外，如果 G4 在 D2 之后才执行，它读到的同样是 `nullptr`，唤醒也同样会丢失。"),
				p("A zombie is left behind: W1's node stays in `m_state` with the count at 0. If a later round runs `add(1)` and `done()`, that drain resumes W1, one round late.",
					"还会留下一个“僵尸”：计数为 0 时，W1 的节点仍留在 `m_state` 里。如果之后新的一轮执行了 `add(1)` 和 `done()`，那次取栈才会恢复 W1——晚了整整一轮。"),
			),
			section("fix", "The fix: the check and the push are one CAS", "修复：检查与入栈合成一次 CAS",
				p("Stronger memory orders cannot help: the bug happens under sequential consistency. The count and the stack must change together. The [fixed wait_group](wait-group#fix) keeps `(count, head)` in one word:",
					"换更强的内存序无济于事：这个缺陷在顺序一致性下照样发生。计数和栈必须一起变。[修复后的 wait_group](wait-group#fix) 把 `(count, head)` 放在同一个字里："),
				code(`
Q3   old = m_state.load(acquire); if old.count == 0: don't suspend
Q4   m_next = old.head
Q5   CAS(m_state: old → (old.count, this awaiter), release)     fails if the count changed`),
				p("Why it holds: a waiter parks only through a CAS that saw `count != 0` and succeeded, so at that instant the count was not zero and the node went onto the stack. From then on the node stays reachable from `head` until a CAS sets the count to zero; that is the only operation that removes nodes, it takes the whole chain, and its thread resumes every node in it. A `done()` between Q3 and Q5 changes the word, so Q5 fails and the retry sees the count at 0. If the count never reaches zero, parking forever is the right outcome.",
					"为什么成立：等待者只会通过一次“看到 `count != 0` 并且成功”的 CAS 挂起，所以在那一刻计数确实不为零，节点也确实进了栈。此后节点一直可以从 `head` 找到，直到某次 CAS 把计数设为零；只有这种操作会移走节点，它会取走整条链，并由它的线程恢复链上的每一个节点。在 Q3 和 Q5 之间发生的 `done()` 会改变这个字，于是 Q5 失败，重试时看到计数为 0。如果计数永远不归零，永远挂起本来就是正确的结果。"),
				p("Linearization points: the parking `wait()` at its successful Q5; the releasing `done()` at its successful P2 CAS, which zeroes the count and takes the stack at once.",
					"线性化点：挂起的 `wait()` 在它成功的 Q5；放行的 `done()` 在它成功的 P2 CAS——那次 CAS 同时把计数清零、把栈取走。"),
				note("Two common suggestions are not enough. “Re-check the count after pushing” cannot tell whether a drain already took the node (so the waiter will be resumed and must park) or ran before the push (so nobody will). “Whoever sees 0 after pushing drains the list itself” does fix B5, but not [B6](b6-premature-release).",
					"两种常见的建议都不够。“入栈之后再检查一次计数”无法区分两种情况：取栈已经拿走了节点（等待者会被恢复，必须挂起），还是取栈发生在入栈之前（没人会来恢复）。“入栈后看到 0 的人自己去清栈”确实能修好 B5，但修不好 [B6](b6-premature-release)。"),
				p("Go's WaitGroup avoids the same window differently: [Wait registers with a CAS on the counter's word](go-waitgroup#why), and sleeps on a counting semaphore that banks an early release.",
					"Go 的 WaitGroup 用另一种办法避开了同样的空档：[Wait 在计数器所在的字上用 CAS 登记](go-waitgroup#why)，再睡在一个会把提前到来的放行存起来的计数信号量上。"),
			),
		},
	}
}
