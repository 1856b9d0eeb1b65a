package words

import "lockstep/sim/program"

// labelDocsZh says in Chinese what the step at each label does, keyed by
// the label's name (primitives.LabelName). Each entry renders the
// primitives package's English doc (primitives.LabelDoc) of the same label,
// keeping the code's identifiers and expressions as they are; a CAS's
// expected and new values are joined by "→".
var labelDocsZh = map[string]string{
	// channel
	"SN1": "send：若 m_close.load(acquire) <= 1（已关闭）：返回 false",
	"SN3": "等待之后：若 m_close.load(acquire) <= 1（已关闭）：解锁，返回 false",
	"SN4": "t = m_tail，读取写入位置",
	"SN5": "m_buf[t] = v，存入元素",
	"SN6": "m_tail = (t + 1) % capacity，移动写入位置",
	"SN7": "n = m_num，读取元素个数",
	"SN8": "m_num = n + 1；然后 consumer_cv.notify_one()",
	"RC1": "recv：若 m_close.load(acquire) == 0（已取尽）：返回空",
	"RC3": "n = m_num；等待之后为空，说明已关闭",
	"RC4": "m_close = 0：已关闭且取尽（tinyCoro 里是普通写）；解锁，返回空",
	"RC5": "h = m_head，读取读出位置",
	"RC6": "v = m_buf[h]，取出元素",
	"RC7": "m_head = (h + 1) % capacity，移动读出位置",
	"RC8": "m_num = n - 1；然后 producer_cv.notify_one()",
	"CL1": "close：m_close.store(1, release)；然后在两个条件变量上 notify_all",
	"CF1": "修复后的 close：若 m_close.load(acquire) <= 1：已关闭，返回；否则去拿锁",
	"CD1": "~channel：assert(m_close.load() <= 1)：通道必须已关闭",
	// condition_variable
	"C1a":  "cv.wait：await_suspend(h)：m_await_coro = h，记下协程句柄",
	"C1b":  "若 pred && pred()：谓词的第一次读取（ready；通道的计数）；为真则保持持锁，不挂起",
	"C1c":  "pred()：谓词的第二次读取（通道满了或空了：它关闭了吗？）",
	"C2a":  "n = m_suspend_state ? 0 : 1（只在第一次登记）",
	"C2b":  "m_ctx.register_wait(n)，登记等待",
	"C2c":  "m_suspend_state = true，记下已登记",
	"C3a":  "自旋锁加锁：m_lock.exchange(true, acquire)",
	"C3s":  "自旋锁：在 m_lock.load(relaxed) 上自旋，直到它为 false",
	"C3b":  "node->m_next = nullptr，作为队尾",
	"C3c":  "t = m_tail，读取队尾",
	"C3d":  "队列为空：m_head = node",
	"C3e":  "t->m_next = node，接在原队尾之后",
	"C3f":  "m_tail = node，成为新的队尾",
	"C3g":  "自旋锁解锁：m_lock.store(false, release)；然后 C4：mtx.unlock()",
	"C5a":  "await_resume：n = m_suspend_state ? 1 : 0，读取是否登记过",
	"C5b":  "m_ctx.unregister_wait(n)；等待者持有 mtx",
	"NO1":  "notify_one：自旋锁加锁：m_lock.exchange(true, acquire)",
	"NO1s": "自旋锁：在 m_lock.load(relaxed) 上自旋，直到它为 false",
	"NO2":  "cur = m_head；为空则没有人可唤醒",
	"NO3":  "next = cur->m_next，读取下一个",
	"NO4":  "m_head = next，弹出队头",
	"NO5":  "队列已空：m_tail = nullptr",
	"NO6":  "自旋锁解锁：m_lock.store(false, release)；然后 cur->wake_up()",
	"NA1":  "notify_all：自旋锁加锁：m_lock.exchange(true, acquire)",
	"NA1s": "自旋锁：在 m_lock.load(relaxed) 上自旋，直到它为 false",
	"NA2":  "cur = m_head：取走整个队列",
	"NA3":  "m_head = nullptr，清空队列",
	"NA4":  "m_tail = nullptr，清空队尾",
	"NA5":  "自旋锁解锁：m_lock.store(false, release)",
	"NA6":  "next = cur->m_next，在 cur->wake_up() 改写它之前先保存",
	"WU1":  "wake_up：s = mtx.m_state.load(acquire)，读取互斥锁状态",
	"WU2":  "node->m_next = nullptr，作为队尾",
	"WU3":  "s == nolocked：CAS mtx.m_state：1 → nullptr（acq_rel）；成功则替 node 拿下锁：node->resume()",
	"WU4":  "node->m_next = s，指向原来的栈顶",
	"WU5":  "CAS mtx.m_state：s → node（acq_rel）：node 等待互斥锁",
	"CR1":  "r->resume() 是虚函数：读取 r 的 vptr",
	"CR2":  "submit_task(r->m_await_coro)：r 恢复时持有锁",
	"CR3":  "cv_awaiter::resume()：读取 r->m_cond；没有谓词则提交",
	"CR4":  "pred()：谓词的第一次读取（ready；通道的计数）；为真则提交",
	"CR4b": "pred()：谓词的第二次读取（通道满了或空了：它关闭了吗？）",
	"CR5":  "谓词为假：n = r->m_suspend_state ? 0 : 1",
	"CR6":  "读取 r->m_ctx",
	"CR7":  "r->m_ctx.register_wait(n)，替 r 登记等待",
	"CR8":  "r->m_suspend_state = true，记下已登记",
	"CR9":  "读取 r->m_cv；让 r 重新在它上面排队并解开 mtx",
	"SR1":  "ready = 1（普通写，持有 mtx 时）",
	// event
	"E1":  "await_ready：m_ctx.register_wait()，登记一次等待",
	"E2":  "若 m_state.load(acquire) == this：事件已触发，不挂起",
	"E3":  "await_suspend：m_await_coro = h，记下协程句柄",
	"E4":  "old = m_state.load(acquire)：读取事件状态",
	"E5":  "old == this：m_next = nullptr，事件已触发，不挂起",
	"E6":  "m_next = old：指向原来的栈顶",
	"E7":  "CAS m_state：old → 本 awaiter；成功则挂起，失败则回到 E4 重试",
	"E9":  "await_resume：m_ctx.unregister_wait()，注销这次等待",
	"E10": "await_resume：返回存下的值",
	"S0":  "set(v)：存入值",
	"S1":  "old = m_state.exchange(this, acq_rel)：标记为已触发，取走整个等待栈",
	"S3":  "cur->m_ctx.submit_task(cur->m_await_coro)：把等待者交给它的上下文运行",
	"S4":  "cur = cur->m_next：转到下一个等待者",
	// latch
	"L1": "count_down()：若 m_count.fetch_sub(1, acq_rel) <= 1，则 m_ev.set()",
	// wait_group
	"G1": "await_suspend：m_await_coro = h，记下协程句柄",
	"G2": "m_ctx.register_wait()：登记一次等待",
	"G3": "若 m_count.load(acquire) == 0：不挂起",
	"G4": "head = m_state.load(acquire)：读取等待栈顶",
	"G5": "m_next = head：指向原来的栈顶",
	"G6": "CAS m_state：head → this（acq_rel）；成功则挂起，失败则重试",
	"G7": "await_resume：m_ctx.unregister_wait()，注销这次等待",
	"A1": "add(n)：m_count.fetch_add(n, acq_rel)，计数加 n",
	"D1": "done()：若 m_count.fetch_sub(1, acq_rel) != 1，直接返回",
	"D2": "head = m_state.exchange(nullptr, acq_rel)：取走整个等待栈",
	"D3": "head->resume()：即 submit_task(head->m_await_coro)",
	"D4": "head = head->m_next：在 resume 之后才读取",
	// wait_group, Design A
	"P1": "add(delta)：old = m_state.load(acquire)；计数变为负数则 panic",
	"P2": "CAS m_state：old → (count+delta, head)，计数归零时改为 (0, nullptr)",
	"P3": "next = cur->m_next：在 resume 之前读取",
	"P4": "cur->resume()：即 submit_task(cur->m_await_coro)；然后 cur = next",
	"Q1": "await_suspend：m_await_coro = h，记下协程句柄",
	"Q2": "m_ctx.register_wait()：登记一次等待",
	"Q3": "old = m_state.load(acquire)；若 old.count == 0：不挂起",
	"Q4": "m_next = old.head：指向原来的栈顶",
	"Q5": "CAS m_state：old → (old.count, this)（release）；成功则挂起，失败则重试",
	"Q6": "await_resume：m_ctx.unregister_wait()，注销这次等待",
	// mutex
	"M1a": "await_suspend：m_await_coro = h，记下协程句柄",
	"M1b": "m_ctx.register_wait()：登记一次等待",
	"M2a": "s = m_state.load(acquire)：读取锁的状态",
	"M2b": "m_next = nullptr：先清空 m_next",
	"M3":  "若 s == nolocked：CAS m_state：1 → nullptr（acq_rel）；成功则取得锁",
	"M4a": "m_next = s：指向原来的等待栈顶",
	"M4b": "CAS m_state：s → 本 awaiter（acq_rel）；成功则挂起，失败则回到 M2a 重试",
	"M5":  "await_resume：m_ctx.unregister_wait()；此时已持有锁",
	"U1":  "unlock()：r = m_resume_list_head；若不为空，就把锁交给 r",
	"U2":  "CAS m_state：nullptr → nolocked（acq_rel）；成功则释放锁",
	"U3":  "h = m_state.exchange(nullptr, acq_rel)：摘下新来的等待者，锁仍被持有",
	"U4a": "next = h->m_next（正在反转这一批等待者）",
	"U4b": "h->m_next = r；r = h；h = next：把 h 移到 r 链表的头部",
	"U5a": "恢复 r 之前先读 r->m_next",
	"U5b": "m_resume_list_head = r->m_next：把 r 从恢复链表上摘下",
	"U6":  "r->resume()：即 submit_task，把锁交给 r",
	"TL1": "try_lock()：CAS m_state：nolocked -> nullptr（acq_rel）；拿到锁就返回 true",
	// mutex, LIFO wake-one
	"V1": "unlock()：s = m_state.load(acquire)，读取锁的状态",
	"V2": "若 s == nullptr：CAS m_state：nullptr → nolocked（release）；成功则释放锁",
	"V3": "next = s->m_next：读取次新的等待者",
	"V4": "CAS m_state：s → next（acq_rel），弹出最新的等待者；失败则回到 V1 重试",
	"V5": "s->resume()：即 submit_task，把锁交给最新的等待者",
	// Go's sync.WaitGroup
	"GA1": "Add(delta)：state = state.Add(delta<<32)；检查 v 和 w",
	"GA2": "若 state.Load() != state：panic（Add 与 Wait 并发）",
	"GA3": "state.Store(0)：把计数和等待者数清零",
	"GA4": "runtime_Semrelease(&sema)：每个等待者释放一次",
	"GW1": "Wait()：state = state.Load()；若 v == 0：直接返回",
	"GW2": "CAS state：state → state+1（多一个等待者）；失败则重试",
	"GW3": "runtime_SemacquireWaitGroup(&sema)：睡眠，直到拿到一个许可",
	"GW4": "若 state.Load() != 0：panic（Wait 返回之前就被重用）",
	// a critical section
	"CS1": "临界区：v = counter（普通读取）",
	"CS2": "临界区：counter = v + 1（普通写入）",
	"SP1": "spawn：submit_to_context(task) 提交一个新任务，或 Go 的 go f()：创建子协程的帧，并把它放进它的 context 的运行队列",
	"WD1": "~when_all：~when_all_task 销毁第 i 个子任务的帧（handle.destroy()）",
	"WF1": "修复版 ~when_all：m_count.load(acquire)：每个子任务都已减过计数；子任务自己释放各自的帧",
	"WX1": "exec_task(child)，resume() 返回之后：handle.done() 读取子任务的帧",
	"STX": "x.store(v)：写 x",
	"STY": "y.store(v)：写 y",
	"LDX": "tmp = x.load()：读 x",
	"LDY": "tmp = y.load()：读 y",
	"XR1": "r1 = tmp：把读到的 x 放进寄存器 r1",
	"XR2": "r2 = tmp：把读到的 x 放进寄存器 r2",
	"XR3": "r3 = tmp：把读到的 x 放进寄存器 r3",
	"XR4": "r4 = tmp：把读到的 x 放进寄存器 r4",
	"YR1": "r1 = tmp：把读到的 y 放进寄存器 r1",
	"YR2": "r2 = tmp：把读到的 y 放进寄存器 r2",
	"YR3": "r3 = tmp：把读到的 y 放进寄存器 r3",
	"YR4": "r4 = tmp：把读到的 y 放进寄存器 r4",
}

// LocalDoc is the description doc of the label named name in language
// lang: in Chinese the label's entry of labelDocsZh, in English (and for a
// label without a Chinese entry) doc itself. A label without a doc has
// none in any language.
func LocalDoc(name, doc, lang string) string {
	if doc == "" || lang != Chinese {
		return doc
	}
	if zh, ok := labelDocsZh[name]; ok {
		return zh
	}
	return doc
}

// LabelDoc says what the step at label pc of p does, in language lang. In
// English it is p.Doc(pc), the primitives package's doc. A label of a
// primitive written in Lockstep's language (one p.LabelLoc places) has
// its author's words, the comment on its line, in every language.
func LabelDoc(p *program.Program, pc int, lang string) string {
	if pc < 0 {
		return ""
	}
	if p.LabelLoc != nil {
		if _, written := p.LabelLoc(pc); written {
			return p.Doc(pc)
		}
	}
	return LocalDoc(p.Label(pc), p.Doc(pc), lang)
}
