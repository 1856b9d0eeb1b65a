package docs

// goPanicsPage is Go's three WaitGroup panics, and the misuse it cannot
// catch.
func goPanicsPage() *Page {
	return &Page{
		Slug:  "go-waitgroup-panics",
		Group: Bugs,
		Bugs:  []string{"B9"},
		Title: Text{"Go's three WaitGroup panics", "Go WaitGroup 的三种 panic"},
		Summary: Text{
			"Where tinyCoro's wait_group misbehaves silently, Go's WaitGroup checks what it can see in its state word and panics. Each panic has a minimal trigger; one misuse slips through every check.",
			"tinyCoro 的 wait_group 出了错也悄无声息；Go 的 WaitGroup 则检查它在状态字里能看到的一切，发现问题就 panic。每种 panic 都有一个最小的触发序列；只有一种误用能躲过所有检查。",
		},
		Sections: []Section{
			section("negative", "“negative WaitGroup counter”", "“negative WaitGroup counter”",
				p("The minimal trigger is `Add(1); Done(); Done()`. The second `Done` makes GA1's atomic add return a counter of −1, and GA1 panics. tinyCoro would go on with a count of −1 ([B7](b7-add-never-wakes)).",
					"最小的触发序列是 `Add(1); Done(); Done()`。第二个 `Done` 让 GA1 的原子加返回 −1，GA1 随即 panic。tinyCoro 则会带着 −1 的计数继续运行（[B7](b7-add-never-wakes)）。"),
				live(Embed{
					Lesson: "go-wg-negative", Schedule: "extra-done", Step: 3, Thread: "T", Label: "GA1",
					Title:   Text{"Live stepper: one Done too many", "交互演示：多调用了一次 Done"},
					Caption: Text{"T's third call, the second `Done`, has just taken the counter below zero at GA1, and panicked. Switch to the tinycoro variant: the count goes to −1 in silence, and a later waiter parks for ever.", "T 的第三次调用，也就是第二个 `Done`，刚在 GA1 把计数器减到零以下，随即 panic。切换到 tinycoro 版本：计数悄无声息地变成 −1，之后的等待者永远挂起。"},
				}),
			),
			section("concurrent", "“Add called concurrently with Wait”", "“Add called concurrently with Wait”",
				steps(
					step("W", "GW1 … GW3", "The counter is 1; W registers as a waiter (`w = 1`) and sleeps.", "计数器为 1；W 登记为等待者（`w = 1`）并睡眠。"),
					step("D", "GA1", "`Done()`: the state is now `(v 0, w 1)`. D is about to reset the word, but has not yet.", "`Done()`：状态变为 `(v 0, w 1)`。D 正要把字清零，但还没做。"),
					step("A", "GA1", "`Add(1)`: the state is `(v 1, w 1)`. `w != 0`, `delta > 0` and `v == delta`: the counter went from 0 to `delta` with waiters still recorded, which is only possible inside another Add's release. A panics.", "`Add(1)`：状态为 `(v 1, w 1)`。`w != 0`、`delta > 0` 且 `v == delta`：计数器在还有等待者记录的情况下从 0 变成了 `delta`，这只可能发生在另一个 Add 的放行过程中。A 随即 panic。"),
				),
				p("GA2 catches the remaining case: the word changed between the releasing Add's atomic add and its check. tinyCoro, in the same situation, silently mixes rounds ([B6](b6-premature-release)).",
					"剩下的情况由 GA2 抓住：负责放行的 Add 在原子加之后、检查之前，字被改动了。在同样的情形下，tinyCoro 会悄悄地把两轮混在一起（[B6](b6-premature-release)）。"),
				live(Embed{
					Lesson: "go-wg-add-during-wait", Schedule: "add-in-release", Step: 5, Thread: "A", Label: "GA1",
					Title:   Text{"Live stepper: an Add lands inside another Add's release", "交互演示：一个 Add 落在另一个 Add 的放行过程中"},
					Caption: Text{"The Add(1) sees waiters recorded at a counter that has just come up from 0, and panics.", "Add(1) 看到计数器刚从 0 变上来，却还记录着等待者，于是 panic。"},
				}),
			),
			section("reused", "“WaitGroup is reused before previous Wait has returned”", "“WaitGroup is reused before previous Wait has returned”",
				steps(
					step("W", "GW1 … GW3", "W registers and sleeps on the semaphore.", "W 登记并在信号量上睡眠。"),
					step("D", "GA1 … GA4", "`Done()` releases: it stores 0 and releases one permit.", "`Done()` 放行：存入 0，并释放一个许可。"),
					step("A", "GA1", "Before W runs, `Add(1)` starts a new round: the counter is 1.", "在 W 运行之前，`Add(1)` 开始了新的一轮：计数器为 1。"),
					step("W", "GW4", "W wakes and finds the state not 0: the group was reused before its Wait returned. W panics.", "W 醒来，发现状态不为 0：在它的 Wait 返回之前，这个 WaitGroup 就被复用了。W panic。"),
				),
				live(Embed{
					Lesson: "go-wg-reuse", Schedule: "early-add", Step: 10, Thread: "W", Label: "GW4",
					Title:   Text{"Live stepper: a new round starts before the waiter has woken", "交互演示：等待者还没醒，新一轮就开始了"},
					Caption: Text{"At GW4 the woken waiter sees a state that is not 0 and panics.", "GW4 处，醒来的等待者看到状态不为 0，于是 panic。"},
				}),
			),
			section("undetected", "The misuse Go cannot catch", "Go 抓不到的误用",
				p("“An Add with a positive delta that starts when the counter is 0 must happen before Wait.” If `Wait` runs first, it loads a counter of 0 at GW1 and returns at once, before the work it meant to wait for has even been counted. Nothing in the state word is wrong at any moment, so there is nothing to panic about: the program simply goes on too early.",
					"“计数器为 0 时开始的正数 Add，必须先于 Wait 发生。”如果 `Wait` 先执行，它在 GW1 读到计数器为 0，立即返回，而它本想等待的工作甚至还没被计入。状态字在任何时刻都没有异常，也就没有可 panic 的理由：程序只是过早地继续往下走了。"),
				live(Embed{
					Lesson: "go-wg-wait-before-add", Schedule: "wait-first", Step: 5, Thread: "D", Label: "CS1",
					Title:   Text{"Live stepper: Wait returns before the Add", "交互演示：Wait 在 Add 之前就返回了"},
					Caption: Text{"W's Wait returned at GW1 and W went on to use the shared result; only then did D's Add count D's work in. D now reads the result W wrote, and nothing orders the two: a data race, with no panic anywhere.", "W 的 Wait 在 GW1 就返回了，W 接着去用共享的结果；直到这时 D 的 Add 才把 D 的工作计入。现在 D 读取 W 写过的结果，两者之间没有任何先后保证：这是数据竞争，却没有任何 panic。"},
				}),
			),
			section("why", "Why checking is possible at all", "为什么能做这些检查",
				p("Go keeps the counter and the number of waiters in one word, so every Add sees both at once, and the releasing Add resets both with one store (GA3). A state that can only arise from misuse is therefore visible as a state. tinyCoro's two words cannot show it: no single load sees the count and the waiters together. Go does not make misuse safe, it makes it loud, which is what [the fixed wait_group](wait-group#fix) does for a negative count.",
					"Go 把计数器和等待者人数放在同一个字里，所以每个 Add 都能同时看到两者，负责放行的 Add 也用一次存储（GA3）把两者一起清零。于是，只有误用才会产生的状态就能作为状态被看见。tinyCoro 的两个字做不到这一点：没有哪一次加载能同时看到计数和等待者。Go 并没有让误用变得安全，只是让它无法被忽视；[修复后的 wait_group](wait-group#fix) 对负数计数也是这样处理的。"),
			),
		},
	}
}
