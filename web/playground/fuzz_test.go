package playground

import (
	"encoding/json"
	"lockstep/web/playground/protocol"
	"strings"
	"testing"
)

// FuzzSession feeds a session any sequence of frames (the fuzz input, one
// frame per line, at most 12): every frame is answered by events that are
// JSON of protocol v1, at least one each (a cancel's answer is the
// search's result, later), and the session neither panics
// nor stops. Searches and autoplay it starts are ended with it.
func FuzzSession(f *testing.F) {
	for _, seq := range []string{
		loadLesson + "\n" + `{"v":1,"id":2,"type":"step","thread":"W1"}`,
		loadLost + "\n" + `{"v":1,"id":2,"type":"back"}` + "\n" + `{"v":1,"id":3,"type":"goto","position":3}`,
		loadLesson + "\n" + `{"v":1,"id":2,"type":"run","schedule":"W1*5 D1*2 W1","step":4}`,
		loadLesson + "\n" + `{"v":1,"id":2,"type":"replay","schedule":"lost"}` + "\n" + `{"v":1,"id":3,"type":"variant","variant":"fixed"}`,
		loadLesson + "\n" + `{"v":1,"id":2,"type":"play","speed":50}` + "\n" + `{"v":1,"id":3,"type":"pause"}`,
		loadLesson + "\n" + `{"v":1,"id":2,"type":"explore","strategy":"preemption"}` + "\n" + `{"v":1,"id":3,"type":"cancel"}`,
		loadLesson + "\n" + `{"v":1,"id":2,"type":"lang","lang":"zh"}` + "\n" + `{"v":1,"id":3,"type":"reset"}`,
		`{"v":1,"id":1,"type":"load","lesson":"test-wakeup","params":{"waiters":64,"workers":64}}`,
		`{"v":1,"id":1,"type":"load","lesson":"custom","source":"waiters"}`,
		`{"v":1,"type":"step"}`, `{"v":2,"type":"load"}`, `{"v":1,"id":-1,"type":"goto","position":-5}`,
		`[]`, `null`, `{"v":1,"type":"load","lesson":"test-wakeup","schedule":"` + strings.Repeat("W1 ", 100) + `"}`,
		"\x00\xff", `{"v":1,"type":"forward"}`,
		`{"v":1,"id":1,"type":"load","lesson":"test-wakeup","memory":"c11","schedule":"W1 W1 D1"}` + "\n" + `{"v":1,"id":2,"type":"step","thread":"D1","before":"2"}` + "\n" +
			`{"v":1,"id":3,"type":"step","thread":"W1","before":"init","from":"x"}` + "\n" + `{"v":1,"id":4,"type":"back"}` + "\n" + `{"v":1,"id":5,"type":"forward"}`,
	} {
		f.Add(seq)
	}
	p := testPlayground(f)
	f.Fuzz(func(t *testing.T, seq string) {
		s := newSession(p, p.log)
		defer s.stopTicker()
		defer s.endSearch()
		out := &recorder{}
		frames := strings.Split(seq, "\n")
		if len(frames) > 12 {
			frames = frames[:12]
		}
		for _, frame := range frames {
			if err := s.handle([]byte(frame), out); err != nil {
				t.Fatalf("handle %q: %v", frame, err)
			}
			// A cancel is answered by the search's result, which comes later.
			if len(out.msgs) == 0 && !(strings.Contains(frame, protocol.CmdCancel) && s.search != nil) {
				t.Fatalf("%q: no reply", frame)
			}
			for _, m := range out.msgs {
				var e event
				if err := json.Unmarshal(m, &e); err != nil || e.V != protocol.Version || e.Type == "" {
					t.Fatalf("%q: event %s (%v)", frame, m, err)
				}
			}
			out.msgs = nil
		}
	})
}
