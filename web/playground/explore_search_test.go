package playground

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"lockstep/sim/explore"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/words"
	"lockstep/web/internal/webtest"
	"lockstep/web/playground/searchqueue"
	"lockstep/web/site"
)

// TestSearchLimits runs a search directly: past its time limit it ends
// incomplete with stopped "time-limit", and it waits for a slot while the
// server's are taken, until cancelled.
func TestSearchLimits(t *testing.T) {
	defer webtest.NoLeaks(t)()
	big := buildTest(t, "fixed", map[string]int{"waiters": 8, "workers": 8})
	end := func(t *testing.T, sr *search) searchEvent {
		t.Helper()
		for {
			select {
			case ev := <-sr.events:
				if ev.end {
					<-sr.done
					return ev
				}
			case <-time.After(searchWait):
				t.Fatal("the search did not end")
			}
		}
	}

	sr := newSearch(context.Background(), nil, big, explore.Exhaustive, "fixed", nil)
	sr.limit = 50 * time.Millisecond
	tk, err := searchqueue.New(1).Enter(site.Client{Addr: "a"})
	if err != nil {
		t.Fatal(err)
	}
	go sr.run(tk)
	ev := end(t, sr)
	if ev.err != nil || ev.res.Complete || ev.res.Stopped != "time-limit" {
		t.Errorf("a search past its time limit ended with %+v, %v; want incomplete, stopped time-limit", ev.res, ev.err)
	}
	if v := words.Verdict(ev.res, map[string]int{"waiters": 8}, "", sr.bounds(), "en"); !strings.Contains(v, "time limit of 20 s") {
		t.Errorf("verdict %q; want it to name the time limit", v)
	}

	// A search past its memory budget ends incomplete, stopped memory, and
	// its verdict names the budget; on one core and on two.
	for _, workers := range []int{1, 2} {
		sr = newSearch(context.TODO(), nil, big, explore.Exhaustive, "fixed", nil)
		sr.workers, sr.budget = workers, 1<<20
		tk, err = searchqueue.New(1).Enter(site.Client{Addr: "a"})
		if err != nil {
			t.Fatal(err)
		}
		go sr.run(tk)
		ev = end(t, sr)
		if ev.err != nil || ev.res.Complete || ev.res.Stopped != explore.StopMemory || ev.res.MemoryBytes > 1<<20 {
			t.Errorf("%d workers: a search past its memory budget ended with %+v, %v; want incomplete, stopped memory, within 1 MB", workers, ev.res, ev.err)
		}
		if v := words.Verdict(ev.res, nil, "", sr.bounds(), "en"); !strings.Contains(v, "memory budget of 1 MB") {
			t.Errorf("verdict %q; want it to name the memory budget", v)
		}
	}

	synctest.Test(t, func(t *testing.T) {
		q := searchqueue.New(1)
		if _, err := q.Enter(site.Client{Addr: "busy"}); err != nil {
			t.Fatal(err)
		}
		tk, err := q.Enter(site.Client{Addr: "a"})
		if err != nil {
			t.Fatal(err)
		}
		sr := newSearch(context.Background(), nil, big, explore.Exhaustive, "fixed", nil)
		go sr.run(tk)
		time.Sleep(time.Second)
		synctest.Wait()
		if n := len(sr.events); n != 0 {
			t.Fatalf("a search with no slot free sent %d events; want it waiting, its place unchanged", n)
		}
		sr.cancel(errSearchCanceled)
		<-sr.done
		if ev := <-sr.events; !ev.end || ev.res.Stopped != "canceled" || q.Waiting() != 0 {
			t.Errorf("a waiting search, cancelled, ended with %+v and %d still waiting; want canceled, 0", ev.res, q.Waiting())
		}
	})
}

// TestSearchReportsOften runs a search with the page's options and counts
// the engine's reports: one every progressEvery states at least, so that
// a search whose states are slow (a big lesson on a loaded machine, or
// under the race detector) shows its progress well within its time limit.
func TestSearchReportsOften(t *testing.T) {
	prog := buildTest(t, "fixed", map[string]int{"waiters": 4, "workers": 4})
	o := newSearch(t.Context(), nil, prog, explore.Exhaustive, "fixed", nil).options()
	var reports int64
	o.Progress = func(explore.Progress) { reports++ }
	res, err := explore.Explore(t.Context(), prog, o)
	if err != nil || !res.Complete {
		t.Fatalf("explore: %+v, %v; want complete", res, err)
	}
	t.Logf("%d reports for %d states", reports, res.States)
	if res.States < 1000 || reports < res.States/64 {
		t.Errorf("%d reports for %d states; want one every 64 states at least, of a search of 1000 states at least", reports, res.States)
	}
}

// buildTest builds the test lesson.
func buildTest(t *testing.T, variant string, params map[string]int) *program.Program {
	t.Helper()
	l, err := webtest.Catalog(t).Lookup("test-wakeup")
	if err != nil {
		t.Fatal(err)
	}
	p, err := l.Build(variant, params)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestChooseCounterexample loads the counterexample of the lesson's own
// bug when the search found several, and none for a program no longer
// loaded.
func TestChooseCounterexample(t *testing.T) {
	d := newDriver(t)
	d.state(t, loadLesson)
	r := explore.Result{Counterexamples: []explore.Counterexample{{Kind: outcome.Deadlock}, {Kind: outcome.LostWakeup}}}
	tests := []struct {
		name, variant string
		prog          *program.Program
		want          outcome.Kind
	}{
		{"the lesson's bug", "tinycoro", d.s.tl.prog, outcome.LostWakeup},
		{"a variant expected ok", "fixed", d.s.tl.prog, outcome.Deadlock},
		{"another program", "tinycoro", buildTest(t, "tinycoro", nil), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got outcome.Kind
			if c := d.s.chooseCounterexample(&search{prog: tt.prog, variant: tt.variant}, r); c != nil {
				got = c.Kind
			}
			if got != tt.want {
				t.Errorf("chooseCounterexample = %q; want %q", got, tt.want)
			}
		})
	}
}

// TestSearchWorkers: a page's search uses the workers its slot grants: by
// default its share of the CPUs, so that the searches the server runs at
// once use no more than all of them; or the number the server's
// configuration says.
func TestSearchWorkers(t *testing.T) {
	slots := searchSlotCount()
	sr := newSearch(t.Context(), nil, nil, explore.Exhaustive, "fixed", nil)
	sr.workers = searchWorkers(slots)
	w := sr.options().Workers
	if w < 1 || runtime.NumCPU() >= 2 && w*slots > runtime.NumCPU() {
		t.Errorf("a search's workers: %d (%d slots, %d CPUs); want the slots' share of the CPUs", w, slots, runtime.NumCPU())
	}
	if runtime.NumCPU() >= 2 && w*slots < runtime.NumCPU()-1 {
		t.Errorf("%d workers in each of %d slots leave CPUs of %d unused", w, slots, runtime.NumCPU())
	}
	for _, tt := range []struct{ slots, workers, want int }{{1, 3, 3}, {2, 0, searchWorkers(2)}, {64, 0, 1}} {
		p, err := New(Config{Lessons: webtest.Catalog(t), Logger: quietLogger(), SearchSlots: tt.slots, SearchWorkers: tt.workers})
		if err != nil {
			t.Fatal(err)
		}
		if got := p.workers(); got != tt.want {
			t.Errorf("New(SearchSlots %d, SearchWorkers %d): %d workers a search; want %d", tt.slots, tt.workers, got, tt.want)
		}
	}
}
