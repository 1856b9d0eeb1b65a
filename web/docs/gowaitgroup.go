package docs

// goWaitGroupPage is Go's sync.WaitGroup, the contrast case.
func goWaitGroupPage() *Page {
	return &Page{
		Slug:  "go-waitgroup",
		Group: Primitives,
		Bugs:  []string{"B9"},
		Title: Text{"Go's sync.WaitGroup", "Go 的 sync.WaitGroup"},
		Summary: Text{
			"The same job as tinyCoro's wait_group, done differently: a count of waiters instead of a list of them, in the same word as the counter, and a counting semaphore to sleep on. It cannot lose a wakeup, and it panics on the misuse it can see.",
			"和 tinyCoro 的 wait_group 做同一件事，做法却不同：不记等待者链表，只记等待者人数，并且和计数器放在同一个字里；睡眠则靠一个计数信号量。它不会丢失唤醒，看得见的误用会直接 panic。",
		},
		Sections: []Section{
			section("state", "The state word", "状态字",
				p("Since Go 1.20 a WaitGroup is `state atomic.Uint64` and `sema uint32`, a runtime semaphore. The bits of `state`:",
					"从 Go 1.20 起，WaitGroup 由 `state atomic.Uint64` 和运行时信号量 `sema uint32` 组成。`state` 的各位："),
				table(cells(item("bits", "位"), item("content", "内容")),
					cells(same("63 … 32"), item("the counter `v`, an `int32`", "计数器 `v`，一个 `int32`")),
					cells(same("31"), item("the synctest bubble flag (Go 1.25 and later; always 0 here)", "synctest 气泡标志（Go 1.25 起；这里恒为 0）")),
					cells(same("30 … 0"), item("the number of waiters `w`", "等待者人数 `w`"))),
				p("Go's atomics are sequentially consistent, so every step below is `seq_cst`.",
					"Go 的原子操作都是顺序一致的，所以下面每一步都是 `seq_cst`。"),
			),
			section("algorithm", "The algorithm", "算法",
				code(`
GA1  Add(delta), Done() = Add(-1): state = state.Add(delta << 32)
       v < 0:                            panic "negative WaitGroup counter"
       w != 0 && delta > 0 && v == delta: panic "Add called concurrently with Wait"
       v > 0 || w == 0:                  return
GA2  (v == 0, w > 0: this Add releases) if state.Load() != state: panic "Add called concurrently with Wait"
GA3  state.Store(0)                              counter and waiters reset at once
GA4  runtime_Semrelease(&sema), w times

GW1  Wait(): state = state.Load(); if v == 0: return
GW2  CAS(state: state → state + 1)              one more waiter; failure: back to GW1
GW3  runtime_SemacquireWaitGroup(&sema)         sleep until a permit comes
GW4  if state.Load() != 0: panic "WaitGroup is reused before previous Wait has returned"`),
			),
			section("why", "Why it cannot lose a wakeup", "为什么不会丢失唤醒",
				list(
					item("Wait's test “`v != 0`” and its registration `w++` are one CAS (GW2) on the word that Add changes. The Add that brings `v` to zero therefore sees every registered waiter in `w`, and an Add that finds `w == 0` has nothing more to do: there is no second step to be preempted in, which is what [B6](b6-premature-release) exploits in tinyCoro.",
						"Wait 的判断“`v != 0`”和登记 `w++` 是对 Add 所修改的那个字的同一次 CAS（GW2）。因此把 `v` 减到零的 Add 一定能在 `w` 里看到每个已登记的等待者；而发现 `w == 0` 的 Add 就没有后续工作，也就没有可以被抢占的第二步——tinyCoro 的 [B6](b6-premature-release) 利用的正是这第二步。"),
					item("Releases go to a counting semaphore: `Semrelease` adds a permit first and only then looks for sleepers. A permit released before the waiter reaches GW3 is banked, not lost. This is what [B5](b5-lost-wakeup) lacks.",
						"放行交给计数信号量：`Semrelease` 先加一个许可，然后才去找睡着的人。等待者到达 GW3 之前释放的许可会存着，不会丢。[B5](b5-lost-wakeup) 缺的就是这一点。"),
				),
				p("Linearization points: Add at its atomic add (GA1); a Wait that returns at once at the load that saw `v == 0` (GW1); a Wait that sleeps at its CAS (GW2), returning after the releasing Add's store (GA3).",
					"线性化点：Add 在它的原子加（GA1）；立即返回的 Wait 在读到 `v == 0` 的那次加载（GW1）；要睡眠的 Wait 在它的 CAS（GW2），并在放行的 Add 执行存储（GA3）之后返回。"),
			),
			section("contract", "The contract, and the panics", "约定与 panic",
				list(
					item("An Add with a positive delta that starts when the counter is 0 must happen before Wait.",
						"计数器为 0 时开始的正数 Add，必须先于 Wait 发生。"),
					item("Adds that start while the counter is above 0, and negative Adds, may happen at any time.",
						"计数器大于 0 时开始的 Add，以及负数的 Add，可以在任何时候发生。"),
					item("When a WaitGroup is reused, the new Adds must happen after every previous Wait has returned.",
						"复用 WaitGroup 时，新的 Add 必须在之前所有 Wait 都返回之后发生。"),
				),
				p("Go does not make misuse safe; it reports what it can catch. [Its three panics](go-waitgroup-panics), and the misuse it cannot catch, each have a lesson.",
					"Go 并不让误用变得安全，它只是把能抓到的报出来。[三种 panic](go-waitgroup-panics) 以及它抓不到的那种误用，各有一节课。"),
			),
			section("compare", "Go and tinyCoro side by side", "Go 与 tinyCoro 对照",
				table(cells(same(""), same("Go"), same("tinyCoro")),
					cells(item("what can release the waiters", "谁能放行等待者"), item("any Add that reaches 0", "任何减到 0 的 Add"), item("only a `done()` from 1 to 0 ([B7](b7-add-never-wakes))", "只有从 1 减到 0 的 `done()`（[B7](b7-add-never-wakes)）")),
					cells(item("negative counter", "计数变负"), item("panics", "直接 panic"), item("silent", "悄无声息")),
					cells(item("an Add during the release", "放行过程中的 Add"), item("panics", "直接 panic"), item("rounds mix silently ([B6](b6-premature-release))", "两轮悄悄混在一起（[B6](b6-premature-release)）")),
					cells(item("lost wakeup", "丢失唤醒"), item("impossible", "不可能"), item("possible ([B5](b5-lost-wakeup))", "可能（[B5](b5-lost-wakeup)）")),
					cells(item("how waiters sleep", "等待者如何睡眠"), item("a counting semaphore", "计数信号量"), item("an intrusive LIFO list; the frame is the node", "侵入式 LIFO 链表；协程帧就是节点"))),
			),
			section("try", "Step through it", "亲手单步",
				live(Embed{
					Lesson: "go-wg-add-during-wait", Schedule: "add-in-release", Step: 4, Thread: "D", Label: "GA1",
					Title:   Text{"Live stepper: Go's WaitGroup catching an Add during the release", "交互演示：Go 的 WaitGroup 抓到放行过程中的 Add"},
					Caption: Text{"W sleeps as a registered waiter, and D's Done has just brought the counter to 0, but D has not yet reset the word. Step A: its Add(1) sees `w != 0` and `v == delta`, and panics. Switch to the tinycoro variant to see the same calls mix two rounds silently.", "W 已作为等待者登记并睡眠；D 的 Done 刚把计数器减到 0，但还没来得及把字清零。单步执行 A：它的 Add(1) 看到 `w != 0` 且 `v == delta`，于是 panic。切换到 tinycoro 版本，看同样的调用如何悄悄地把两轮混在一起。"},
				}),
			),
			section("labels", "Step labels", "步骤标签",
				table(cells(item("label", "标签"), item("step", "这一步做什么")),
					cells(same("GA1"), item("`state.Add(delta << 32)`, then the checks on `v` and `w`", "`state.Add(delta << 32)`，然后检查 `v` 和 `w`")),
					cells(same("GA2"), item("the releasing Add checks that nothing changed", "负责放行的 Add 检查字没有被改动")),
					cells(same("GA3"), item("`state.Store(0)`", "`state.Store(0)`")),
					cells(same("GA4"), item("`Semrelease`, once per waiter", "`Semrelease`，每个等待者一次")),
					cells(same("GW1"), item("load `state`; `v == 0` returns", "读 `state`；`v == 0` 则返回")),
					cells(same("GW2"), item("CAS `state → state + 1`: register as a waiter", "CAS `state → state + 1`：登记为等待者")),
					cells(same("GW3"), item("`Semacquire`: sleep until a permit", "`Semacquire`：睡到有许可为止")),
					cells(same("GW4"), item("load `state`; not 0 panics", "读 `state`；不为 0 则 panic")),
				),
			),
		},
	}
}
