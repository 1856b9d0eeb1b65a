package playground

import (
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/web/internal/webtest"
	"lockstep/web/playground/protocol"
)

// event is the part of a server event the tests look at.
type event struct {
	V        int    `json:"v"`
	ID       *int64 `json:"id"`
	Type     string `json:"type"`
	Protocol int    `json:"protocol"`
	Command  string `json:"command"`
	Message  string `json:"message"`

	Lesson *struct {
		ID         string   `json:"id"`
		Title      string   `json:"title"`
		Variant    string   `json:"variant"`
		Variants   []string `json:"variants"`
		Lang       string   `json:"lang"`
		Threads    []string `json:"threads"`
		Params     map[string]int
		Coroutines []struct{ Name, Thread, Script string }
		Schedules  []struct {
			Name   string
			Steps  string
			Expect map[string]string
		}
		Source []struct{ File, Text string }
		Labels []struct {
			Label, Doc, File string
			Line             int
		}
	} `json:"lesson"`

	Position int     `json:"position"`
	Length   int     `json:"length"`
	Playing  bool    `json:"playing"`
	Speed    float64 `json:"speed"`
	Lang     string  `json:"lang"`
	Variant  string  `json:"variant"`
	Schedule string  `json:"schedule"`
	History  []struct {
		Thread, Label, Op, Finding string
	} `json:"history"`
	Step *struct {
		Index     int      `json:"index"`
		Thread    string   `json:"thread"`
		Coroutine string   `json:"coroutine"`
		Op        string   `json:"op"`
		Cell      string   `json:"cell"`
		Label     string   `json:"label"`
		Doc       string   `json:"doc"`
		Expected  string   `json:"expected"`
		Value     string   `json:"value"`
		Result    string   `json:"result"`
		OK        bool     `json:"ok"`
		Changed   []string `json:"changed"`
		Loc       *struct {
			File string
			Line int
		} `json:"loc"`
		Events []struct{ Kind, Coroutine string } `json:"events"`
		CAS    *struct {
			Retry     int `json:"retry"`
			ChangedBy *struct {
				Step          int
				Thread, Label string
			} `json:"changed_by"`
		} `json:"cas"`
		Text string `json:"text"`
	} `json:"step"`
	Snapshot *struct {
		Cells []struct {
			Name, Value string
			Live        bool
		}
		Lists []struct {
			Name, Head string
			Nodes      []struct{ Name string }
		}
		Coroutines []struct{ Name, Status, Label string }
	} `json:"snapshot"`
	Pending []struct {
		Thread  string `json:"thread"`
		CanMove bool   `json:"can_move"`
		Why     string `json:"why"`
		Label   string `json:"label"`
		Op      string `json:"op"`
		Text    string `json:"text"`
	} `json:"pending"`
	Outcome *struct {
		Kind      string
		Message   string
		Step      int
		CauseStep *int `json:"cause_step"`
	} `json:"outcome"`
	Findings []struct{ Kind string } `json:"findings"`
	Finished bool                    `json:"finished"`
}

// recorder is a Sink that keeps every message.
type recorder struct {
	msgs [][]byte
}

func (r *recorder) Send(msg []byte) error {
	r.msgs = append(r.msgs, msg)
	return nil
}

// take decodes and forgets the messages received so far.
func (r *recorder) take(t *testing.T) []event {
	t.Helper()
	var out []event
	for _, m := range r.msgs {
		var e event
		if err := json.Unmarshal(m, &e); err != nil {
			t.Fatalf("event %s: %v", m, err)
		}
		if e.V != protocol.Version {
			t.Errorf("event %s: v = %d, want %d", m, e.V, protocol.Version)
		}
		out = append(out, e)
	}
	r.msgs = nil
	return out
}

// driver runs commands through a session, synchronously.
type driver struct {
	s   *session
	out *recorder
}

// testPlayground is a playground on the tests' own lessons
// (webtest.Catalog). It reads a lesson from a link as the lesson file
// itself: the links' encoding belongs to package share, and is tested
// there.
func testPlayground(t testing.TB) *Playground {
	t.Helper()
	p, err := New(Config{Lessons: webtest.Catalog(t), FromLink: plainLesson, Logger: quietLogger()})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return p
}

// plainLesson reads a link's source as a lesson file, not encoded.
func plainLesson(src string) (*scenarios.Scenario, error) {
	return scenarios.Parse("lesson", []byte(src))
}

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func newDriver(t *testing.T) *driver {
	t.Helper()
	p := testPlayground(t)
	return &driver{s: newSession(p, p.log), out: &recorder{}}
}

// send handles one raw frame and returns the events it caused.
func (d *driver) send(t *testing.T, frame string) []event {
	t.Helper()
	if err := d.s.handle([]byte(frame), d.out); err != nil {
		t.Fatalf("handle %s: %v", frame, err)
	}
	return d.out.take(t)
}

// state sends a frame that must be answered by a state event (possibly
// after loaded) and returns that state.
func (d *driver) state(t *testing.T, frame string) event {
	t.Helper()
	evs := d.send(t, frame)
	if len(evs) == 0 {
		t.Fatalf("%s: no reply", frame)
	}
	last := evs[len(evs)-1]
	if last.Type != "state" {
		t.Fatalf("%s: reply %s %q; want a state", frame, last.Type, last.Message)
	}
	return last
}

// fail sends a frame that must be answered by exactly one error event
// whose message contains want, and returns it.
func (d *driver) fail(t *testing.T, frame, want string) event {
	t.Helper()
	evs := d.send(t, frame)
	if len(evs) != 1 || evs[0].Type != "error" {
		t.Fatalf("%s: got %d events %+v; want one error", frame, len(evs), evs)
	}
	if !strings.Contains(evs[0].Message, want) {
		t.Errorf("%s: error %q; want it to contain %q", frame, evs[0].Message, want)
	}
	return evs[0]
}

// loadLesson opens the test lesson at its start.
const loadLesson = `{"v":1,"id":1,"type":"load","lesson":"test-wakeup","variant":"tinycoro"}`

// loadLost opens the test lesson at the end of its lost wakeup.
const loadLost = `{"v":1,"id":1,"type":"load","lesson":"test-wakeup","variant":"tinycoro","schedule":"lost","step":8}`
