package docs

// latchPage is tinyCoro's latch: a count in front of an event.
func latchPage() *Page {
	return &Page{
		Slug:  "latch",
		Group: Primitives,
		Bugs:  []string{"B1", "B4"},
		Title: Text{"latch", "latch"},
		Summary: Text{
			"A count in front of an event: the count_down that takes the count to zero sets the event, and waiters simply wait on the event.",
			"在 event 前面加一个计数：把计数减到零的那次 count_down 触发 event，等待者只管等这个 event。",
		},
		Sections: []Section{
			section("state", "The state", "状态",
				table(cells(item("member", "成员"), item("type", "类型"), item("meaning", "含义")),
					cells(same("`m_count`"), same("`atomic<int64>`"), item("how many `count_down()`s are still to come", "还差几次 `count_down()`")),
					cells(same("`m_ev.m_state`"), item("the embedded event's word", "内嵌 event 的状态字"), item("`nullptr`, a waiter stack, or the event's own address once set ([event](event#state))", "`nullptr`、等待者栈，或触发后的 event 自身地址（见 [event](event#state)）"))),
				p("A latch constructed with a count of 0 starts with its event already set, so `wait()` never suspends.",
					"计数为 0 时构造的 latch，其 event 一开始就是已触发状态，`wait()` 永远不会挂起。"),
			),
			section("algorithm", "The algorithm", "算法",
				code(`
L1   count_down(): if m_count.fetch_sub(1, acq_rel) <= 1: m_ev.set()   → S1, S3, S4
     wait():       m_ev.wait()                                          → E1 … E9`),
				p("Waiters never read `m_count`. The event's flag, once set, stays set. So there is no window between checking a condition and pushing onto the stack, which is exactly the window that breaks the [wait_group](b5-lost-wakeup).",
					"等待者从不读 `m_count`；event 的标志一旦置位就不会再变。所以“检查条件”和“入栈”之间没有空档，而 [wait_group](b5-lost-wakeup) 出问题的正是这个空档。"),
				p("Extra `count_down()`s take the count below zero and call `set()` again, which does nothing. `latch_guard` calls `count_down()` in its destructor.",
					"多余的 `count_down()` 会把计数减到负数，并再次调用 `set()`，而这次调用什么也不做。`latch_guard` 在析构函数里调用 `count_down()`。"),
				p("Linearization points: `count_down()` at its `fetch_sub` (L1); `wait()` as for the [event](event#why).",
					"线性化点：`count_down()` 在它的 `fetch_sub`（L1）；`wait()` 与 [event](event#why) 相同。"),
			),
			section("try", "Step through it", "亲手单步",
				live(Embed{
					Lesson: "latch-basic", Schedule: "wait-then-count-down", Step: 8, Thread: "D2", Label: "L1",
					Title:   Text{"Live stepper: a latch counted down to zero", "交互演示：latch 被减到零"},
					Caption: Text{"W1 is parked on the latch's event, and the last `count_down()` has just taken the count from 1 to 0 (L1). D2's next step is the event's S1, which takes the stack.", "W1 已挂在 latch 的 event 上，最后一次 `count_down()` 刚把计数从 1 减到 0（L1）。D2 的下一步就是 event 的 S1，取走整个栈。"},
				}),
			),
			section("bugs", "What goes wrong", "哪里会出错",
				p("The latch is only as good as its event, and inherits both of its bugs: [B1](b1-event-use-after-free), the read of `m_next` after the submit, and [B4](b4-missing-release), the push that does not release. The `fixed` variant embeds the fixed event.",
					"latch 的可靠程度取决于它的 event，也继承了 event 的两个缺陷：[B1](b1-event-use-after-free)，提交之后才读 `m_next`；以及 [B4](b4-missing-release)，入栈时没有 release。`fixed` 版本内嵌的是修复后的 event。"),
			),
			section("labels", "Step labels", "步骤标签",
				table(cells(item("label", "标签"), item("step", "这一步做什么")),
					cells(same("L1"), item("`m_count.fetch_sub(1, acq_rel)`; if it returned 1 or less, go on to `m_ev.set()`", "`m_count.fetch_sub(1, acq_rel)`；若返回值不大于 1，接着执行 `m_ev.set()`")),
					cells(same("E1 … E9"), item("`wait()`: the [event's](event#labels) steps", "`wait()`：即 [event 的](event#labels)各步")),
					cells(same("S1 … S4"), item("the set that L1 leads to", "L1 之后的 set 各步")),
				),
			),
		},
	}
}
