package words

// phrasebook holds the sentence patterns of one language.
type phrasebook struct {
	lang                                                  string
	label, labelDoc, sep, end                             string
	load, read, store, write, exchange                    string
	casOK, casFail, changedBy, retry                      string
	add, sub, submit, spawn, semTake, semWait, semRelease string
	resume, attempt, counter, fence, fenceTry             string
	parked, queued, inline, dropped, awaiterEnded         string
	finished, semQueued, finding, fatal                   string
}

// phrasebookOf is the phrasebook of language lang.
func phrasebookOf(lang string) *phrasebook {
	if lang == Chinese {
		return &chinese
	}
	return &english
}

// english and chinese are the sentence patterns; nothing writes to them.
var english = phrasebook{
	lang:  English,
	label: "%s: ", labelDoc: "%s (%s): ", sep: "; ", end: ".",
	load:       "%s loads %s (%s) and reads %s",
	read:       "%s reads the plain field %s and sees %s",
	store:      "%s stores %s into %s (%s)",
	write:      "%s writes %s into the plain field %s",
	exchange:   "%s swaps %s into %s (%s) and takes out %s",
	casOK:      "%s's CAS on %s expected %s and found %s: it succeeded and wrote %s",
	casFail:    "%s's CAS on %s expected %s but found %s: it failed",
	changedBy:  ", because %s changed it at step %d (%s)",
	retry:      " (failure %d of this operation)",
	add:        "%s adds %d to %s (%s): it was %s and is now %s",
	sub:        "%s subtracts %d from %s (%s): it was %s and is now %s",
	submit:     "%s hands %s to submit_task on %s",
	spawn:      "%s starts the new coroutine %s on %s",
	semTake:    "%s takes a permit of %s, which had %s",
	semWait:    "%s finds no permit in %s and queues on it",
	semRelease: "%s releases a permit of %s",
	resume:     "%s takes %s off its run queue and resumes it",
	attempt:    "%s tries to %s %s",
	counter:    "the counter v of %s",
	fence:      "%s runs atomic_thread_fence(%s)",
	fenceTry:   "%s tries to run atomic_thread_fence(%s)",
	parked:     "%s parks", queued: "%s is queued on %s's run queue",
	inline:       "%s is resumed inline on %s (the inline depth counter was %d)",
	dropped:      "%s's handle is dropped (the inline depth counter is at its cap: %d) and it will never run",
	awaiterEnded: "%s's awaiter ends its life", finished: "%s finishes and its frame is destroyed",
	semQueued: "%s waits on the semaphore",
	finding:   "the detectors report a %s", fatal: "%s: %s",
}

var chinese = phrasebook{
	lang:  Chinese,
	label: "%s：", labelDoc: "%s（%s）：", sep: "；", end: "。",
	load:       "%s 读取 %s（%s），得到 %s",
	read:       "%s 普通读取字段 %s，得到 %s",
	store:      "%s 把 %s 存入 %s（%s）",
	write:      "%s 把 %s 普通写入字段 %s",
	exchange:   "%s 把 %s 交换进 %s（%s），取出 %s",
	casOK:      "%s 对 %s 的 CAS 期望 %s，实际是 %s：成功，写入 %s",
	casFail:    "%s 对 %s 的 CAS 期望 %s，实际却是 %s：失败",
	changedBy:  "，因为 %s 在第 %d 步（%s）改了它",
	retry:      "（本操作第 %d 次失败）",
	add:        "%[1]s 给 %[3]s 加 %[2]d（%[4]s）：原为 %[5]s，现为 %[6]s",
	sub:        "%[1]s 给 %[3]s 减 %[2]d（%[4]s）：原为 %[5]s，现为 %[6]s",
	submit:     "%s 调用 submit_task，把 %s 交给 %s",
	spawn:      "%[1]s 在 %[3]s 上启动新协程 %[2]s",
	semTake:    "%s 取得 %s 的一个许可，原有 %s",
	semWait:    "%s 在 %s 上没有许可，排队等待",
	semRelease: "%s 释放 %s 的一个许可",
	resume:     "%s 从运行队列取出 %s 并恢复它",
	attempt:    "%s 试图%s %s",
	counter:    "%s 的计数器 v",
	fence:      "%s 执行 atomic_thread_fence(%s)",
	fenceTry:   "%s 试图执行 atomic_thread_fence(%s)",
	parked:     "%s 挂起", queued: "%s 进入 %s 的运行队列",
	inline:       "%s 在 %s 上被内联恢复（内联深度计数器原为 %d）",
	dropped:      "%s 的句柄被丢弃（内联深度计数器已到上限 %d），它再也不会运行",
	awaiterEnded: "%s 的 awaiter 生命周期结束", finished: "%s 结束，协程帧被销毁",
	semQueued: "%s 在信号量上等待",
	finding:   "检测器报告 %s", fatal: "%s：%s",
}
