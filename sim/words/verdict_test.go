package words

import (
	"math/big"
	"testing"

	"lockstep/sim/explore"
	"lockstep/sim/outcome"
)

// TestVerdict holds each form of the verdict: what was found, or
// within which bound nothing was.
func TestVerdict(t *testing.T) {
	lost := explore.Counterexample{Kind: outcome.LostWakeup, Steps: 8, Preemptions: 1}
	uaf := explore.Counterexample{Kind: outcome.UseAfterFree, Steps: 12, Preemptions: 2}
	two := map[string]int{"waiters": 2, "workers": 1}
	huge, _ := new(big.Int).SetString("1234567890123456789012345678901234567890123456", 10)
	tests := []struct {
		name   string
		r      explore.Result
		params map[string]int
		lead   outcome.Kind
		lang   string
		want   string
	}{
		{"found", explore.Result{Counterexamples: []explore.Counterexample{lost}}, two, "", "en",
			"found lost-wakeup in 8 steps with 1 preemption"},
		{"found, lead second", explore.Result{Counterexamples: []explore.Counterexample{lost, uaf}}, two, outcome.UseAfterFree, "en",
			"found use-after-free in 12 steps with 2 preemptions; also found lost-wakeup"},
		{"found in Chinese", explore.Result{Counterexamples: []explore.Counterexample{lost, uaf}}, two, "", "zh",
			"发现丢失的唤醒（lost-wakeup）：8 步，1 次抢占；另外还发现释放后使用（use-after-free）"},
		{"verified", explore.Result{Complete: true, Executions: big.NewInt(1234567)}, two, "", "en",
			"verified: every interleaving of this lesson (waiters=2, workers=1): 1,234,567 executions, no bug"},
		{"verified, reduced, no params", explore.Result{Complete: true, Reduced: true, Executions: big.NewInt(6)}, nil, "", "en",
			"verified: every interleaving of this lesson: 6 executions, counting as one the orders of steps no other thread can see, no bug"},
		{"verified, 15 digits in full", explore.Result{Complete: true, Executions: big.NewInt(999_999_999_999_999)}, nil, "", "en",
			"verified: every interleaving of this lesson: 999,999,999,999,999 executions, no bug"},
		{"verified, shortened past 15 digits", explore.Result{Complete: true, Executions: huge}, nil, "", "en",
			"verified: every interleaving of this lesson: about 1.23×10⁴⁵ executions, no bug"},
		{"verified, one execution", explore.Result{Complete: true, Executions: big.NewInt(1)}, nil, "", "en",
			"verified: every interleaving of this lesson: 1 execution, no bug"},
		{"one random execution", explore.Result{Stopped: "runs", Executions: big.NewInt(1)}, nil, "", "en",
			"no bug in 1 random execution; a random search (seed 1) is never complete"},
		{"nothing searched", explore.Result{Stopped: "canceled"}, nil, "", "en",
			"canceled: no bug in 0 executions searched so far"},
		{"preemption bound", explore.Result{Stopped: "max-preemptions", Bound: 2, Executions: big.NewInt(15)}, two, "", "en",
			"no bug in 15 executions with at most 2 preemptions (waiters=2, workers=1); executions with more preemptions were not searched"},
		{"state bound", explore.Result{Stopped: "max-states", Executions: big.NewInt(1000)}, two, "", "en",
			"no bug in 1,000 executions searched (waiters=2, workers=1); the search stopped at its bound of 2,000,000 states and is not complete"},
		{"time limit", explore.Result{Stopped: "time-limit", Executions: big.NewInt(999)}, nil, "", "en",
			"no bug in 999 executions searched; the search stopped at its time limit of 20 s and is not complete"},
		{"canceled", explore.Result{Stopped: "canceled", Executions: big.NewInt(10)}, two, "", "en",
			"canceled: no bug in 10 executions searched so far"},
		{"random", explore.Result{Stopped: "runs", Executions: big.NewInt(1000)}, two, "", "en",
			"no bug in 1,000 random executions (waiters=2, workers=1); a random search (seed 1) is never complete"},
		{"time limit in Chinese", explore.Result{Stopped: "time-limit", Executions: big.NewInt(999)}, two, "", "zh",
			"在搜索过的 999 次执行中没有发现缺陷（waiters=2, workers=1）；搜索达到 20 秒的时间上限而停止，并不完整"},
		{"verified in Chinese", explore.Result{Complete: true, Reduced: true, Executions: huge}, two, "", "zh",
			"已验证：本课（waiters=2, workers=1）的每一种交错都没有缺陷（约 1.23×10⁴⁵ 次执行；其他线程看不到的步骤，先后顺序不同也只算一次）"},
		{"one execution in Chinese", explore.Result{Complete: true, Executions: big.NewInt(1)}, nil, "", "zh",
			"已验证：本课的每一种交错都没有缺陷（1 次执行）"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := SearchBounds{MaxStates: 2_000_000, TimeLimitSeconds: 20, Seed: 1}
			if got := Verdict(tt.r, tt.params, tt.lead, b, tt.lang); got != tt.want {
				t.Errorf("Verdict = %q; want %q", got, tt.want)
			}
		})
	}
}
