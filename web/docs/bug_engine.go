package docs

// b10Page is the engine's inline-resume and drop path behind submit_task.
func b10Page() *Page {
	return &Page{
		Slug:  "b10-inline-and-drop",
		Group: Bugs,
		Bugs:  []string{"B10"},
		Title: Text{"submit_task: run inline, or drop", "submit_task：内联运行，或者直接丢弃"},
		Summary: Text{
			"Every wakeup goes through the engine's submit_task. When the target queue is full it runs the coroutine inline on the caller's thread, and past a depth cap, or from a thread that is not a worker, it drops the handle: that coroutine never runs again.",
			"所有唤醒都要经过引擎的 submit_task。目标队列满时，它在调用者的线程上内联运行协程；超过深度上限，或者调用者不是工作线程时，它直接丢掉句柄：那个协程再也不会运行。",
		},
		Sections: []Section{
			section("code", "The code", "代码",
				code(`
submit_task(h):
  if queue.try_push(h): wake the worker; return          the normal case
  if the caller is a worker thread of some context:
    if depth >= 4096: log an error; return               h is DROPPED
    depth += 1; h.resume() inline; destroy h if done; depth -= 1
  else: log an error; return                             h is DROPPED`),
				p("The queue holds 16384 handles. Inline resumption happens only when it is full; the depth only caps the recursion, it is not the trigger.",
					"队列能放 16384 个句柄。只有队列满了才会内联恢复；深度只是给递归设了个上限，并不是触发条件。"),
			),
			section("inline", "Inline: the waker runs the waiter", "内联：唤醒者亲自运行等待者",
				p("An inline resume runs the woken coroutine on the waker's thread, inside the waker's wake loop, before the loop's next step. That is the single-threaded trigger for [B1](b1-event-use-after-free) and [B2](b2-wait-group-use-after-free): the waiter finishes, and its frame is gone before the loop reads `m_next`. The coroutine also runs on a foreign thread, where `local_context()` is the waker's context, and the depth counter is written without atomics from foreign threads.",
					"内联恢复会在唤醒者的线程上、在唤醒循环的下一步之前运行被唤醒的协程。这正是 [B1](b1-event-use-after-free) 和 [B2](b2-wait-group-use-after-free) 的单线程触发方式：等待者运行结束，它的帧在循环读 `m_next` 之前就没了。此外，协程是在别人的线程上运行的，那里 `local_context()` 返回的是唤醒者的上下文；深度计数器也在没有原子操作的情况下被别的线程改写。"),
				live(Embed{
					Lesson: "event-uaf", Schedule: "inline-resume", Step: 9, Thread: "S", Label: "E9",
					Title:   Text{"Live stepper: the setter's thread runs the waiter inline", "交互演示：设置方的线程内联运行等待者"},
					Caption: Text{"Thread S is executing W1's E9: the submit at S3 ran W1 inline, on S, to its end. The next step, S4, reads W1's freed awaiter.", "线程 S 正在执行 W1 的 E9：S3 的提交在 S 上内联运行了 W1，直到结束。下一步 S4 会读取 W1 已释放的 awaiter。"},
				}),
			),
			section("drop", "Drop: the waiter is never resumed", "丢弃：等待者永远不会被恢复",
				p("A dropped handle is worse than a crash. The coroutine never resumes, its frame leaks, and its context counted it in `num_wait` when it registered, so that context can never go idle and `scheduler::loop()` never returns. The primitive did everything right: no primitive can fix this.",
					"被丢掉的句柄比崩溃还糟。协程再也不会恢复，它的帧泄漏了；而且它登记时已被算进所在上下文的 `num_wait`，于是那个上下文永远不能空闲，`scheduler::loop()` 也永远不返回。原语本身没有做错任何事：没有哪个原语能修好这个问题。"),
				steps(
					step("W1", "E1 … E7", "W1 registers, finds the event not set, pushes itself and parks.", "W1 登记，发现 event 未触发，把自己压栈并挂起。"),
					step("S", "S1", "The setter takes the stack `[W1]` and marks the event set.", "设置方取走栈 `[W1]`，并把 event 置位。"),
					step("S", "S3", "`submit_task` finds the queue full and the depth at its cap: the handle is dropped.", "`submit_task` 发现队列已满、深度也到了上限：句柄被丢弃。"),
				),
				live(Embed{
					Lesson: "event-dropped-task", Schedule: "dropped", Step: 8, Thread: "S", Label: "S3",
					Title:   Text{"Live stepper: submit_task drops the waiter's handle", "交互演示：submit_task 丢掉了等待者的句柄"},
					Caption: Text{"The submit at S3 has dropped W1's handle. W1 stays parked for ever, and the verdict is a dropped task. The fixed event does not help here.", "S3 的提交丢掉了 W1 的句柄。W1 将永远挂起，结论是任务被丢弃。修复后的 event 在这里也无能为力。"},
				}),
			),
			section("fix", "The fix belongs to the engine", "修复要在引擎里做",
				list(
					item("Never drop a handle: when the queue is full, keep an overflow list, or block the caller until there is room.",
						"永远不要丢弃句柄：队列满时，用一个溢出链表接住，或者让调用者阻塞到有空位为止。"),
					item("If the inline path stays, make the depth counter thread-local, and write every wake loop to tolerate re-entrancy: copy out before the submit, as the [B1 fix](b1-event-use-after-free#fix) does.",
						"如果保留内联路径，就把深度计数器改成线程局部的，并让每个唤醒循环都能承受重入：像 [B1 的修复](b1-event-use-after-free#fix) 那样，先拷出再提交。"),
				),
				p("Why it holds: with no drop, every handle submitted is resumed exactly once, so every `register_wait` is matched by an `unregister_wait` and every context can become idle again. With copy-out loops, an inline resume can do anything to the node without the waker noticing, because the waker no longer looks.",
					"为什么成立：不再丢弃，每个提交的句柄都恰好被恢复一次，于是每次 `register_wait` 都有对应的 `unregister_wait`，每个上下文都能重新空闲。有了先拷出的循环，内联恢复不管对节点做什么，唤醒者都不会受影响，因为它再也不去看节点了。"),
			),
		},
	}
}
