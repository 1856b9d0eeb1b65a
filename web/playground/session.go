package playground

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/web/playground/lessonview"
	"lockstep/web/playground/protocol"
	"lockstep/web/playground/searchqueue"
	"lockstep/web/site"
)

// A Sink takes the session's events to the client. Send must not block:
// it queues msg (one JSON text message) or, when the client cannot keep
// up, returns an error, and the session ends.
type Sink interface {
	Send(msg []byte) error
}

// errNoLesson answers a command that needs a loaded lesson.
var errNoLesson = errors.New("no lesson is loaded: send load first")

// session is one playground page's view of one lesson: the history of
// steps the user chose, the position on it and a machine at that
// position. It is driven by one goroutine (run); nothing in it is shared.
//
// Invariants, once a lesson is loaded: tl.m has performed exactly
// tl.history[:tl.pos]; len(tl.entries) == len(tl.history); the history
// can be followed from the start of tl.prog.
type session struct {
	lessons lessonSource
	log     *slog.Logger

	lang    string
	lesson  *scenarios.Scenario
	variant string
	params  map[string]int
	tl      *timeline
	memory  sim.MemoryModel // the timeline's memory model
	// code is the variant's code (lessonSource.describe), which a lesson
	// from a link has described anew: a change of language keeps it.
	code *lessonview.Code

	playing bool
	speed   float64
	ticker  *time.Ticker

	search *search     // the explore command's running search, or nil
	client site.Client // who the page is, for the search queue (site.ClientOf)
	// server ends when the server shuts down (nil: never). A search
	// stops with it at once, while the socket's close handshake runs,
	// rather than only once the session has ended.
	server context.Context
}

// lessonSource is what a session needs of its Playground: the catalog,
// the lessons links carry, and the lesson descriptions it caches.
type lessonSource interface {
	lookup(id string) (*scenarios.Scenario, error)
	fromLink(src string) (*scenarios.Scenario, error)
	describe(s *scenarios.Scenario, variant string) (*lessonview.Code, error)
	// searches is the queue of searches.
	searches() *searchqueue.Queue
	// workers is how many goroutines each search may use.
	workers() int
	// searchMemory is the bytes each search's state cache may hold.
	searchMemory() int64
	// bugPages maps a bug code to the path of its docs page.
	bugPages() map[string]string
}

// newSession returns a session with no lesson loaded, speaking English.
func newSession(lessons lessonSource, log *slog.Logger) *session {
	return &session{lessons: lessons, log: log, lang: "en", speed: defaultSpeed}
}

// defaultSpeed is the autoplay speed when play names none, in steps per
// second.
const defaultSpeed = 2

// run sends hello, then handles the commands from cmds one at a time, and
// the autoplay ticks, until ctx is done, cmds is closed or out fails. It
// returns nil when cmds is closed, else why it stopped.
func (s *session) run(ctx context.Context, cmds <-chan []byte, out Sink) error {
	defer s.stopTicker()
	defer s.endSearch()
	if err := s.emit(out, protocol.Hello{Envelope: protocol.Reply(nil, "hello"), Protocol: protocol.Version}); err != nil {
		return err
	}
	for {
		var tick <-chan time.Time
		if s.ticker != nil {
			tick = s.ticker.C
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case data, ok := <-cmds:
			if !ok {
				return nil
			}
			if err := s.handle(data, out); err != nil {
				return err
			}
		case <-tick:
			if err := s.tick(out); err != nil {
				return err
			}
		case ev := <-s.searchEvents():
			if err := s.searchEvent(ev, out); err != nil {
				return err
			}
		}
		s.followSearch()
	}
}

// handle carries out one command and sends its replies. Only a failing
// sink is an error; a command that cannot be carried out is answered with
// an error event.
func (s *session) handle(data []byte, out Sink) error {
	c, err := protocol.Decode(data)
	if err == nil {
		var events []any
		events, err = s.dispatch(c)
		if err == nil {
			for _, ev := range events {
				if err := s.emit(out, ev); err != nil {
					return err
				}
			}
			return nil
		}
	}
	return s.emit(out, protocol.Error{Envelope: protocol.Reply(c.ID, "error"),
		Command: c.Type, Message: err.Error(), MessageZH: messageZH(err), At: scheduleSpan(c, err)})
}

// dispatch runs command c and returns the events that answer it. On an
// error the session's state is as it was before c.
func (s *session) dispatch(c protocol.Command) ([]any, error) {
	if c.Type == protocol.CmdLoad {
		return s.load(c)
	}
	if s.tl == nil {
		if !protocol.Known(c.Type) {
			return nil, fmt.Errorf("unknown command type %q", c.Type)
		}
		return nil, errNoLesson
	}
	var err error
	switch c.Type {
	case protocol.CmdStep:
		s.pause()
		err = s.tl.stepThread(c.Thread, c.From, c.Before)
	case protocol.CmdBack:
		s.pause()
		err = s.tl.back()
	case protocol.CmdForward:
		s.pause()
		err = s.tl.forward()
	case protocol.CmdGoto:
		s.pause()
		err = s.gotoStep(c)
	case protocol.CmdReplay:
		s.pause()
		err = s.replay(c)
	case protocol.CmdRun:
		s.pause()
		err = s.runText(c)
	case protocol.CmdVariant:
		s.pause()
		return s.switchVariant(c)
	case protocol.CmdPlay:
		err = s.play(c)
	case protocol.CmdPause:
		s.pause()
	case protocol.CmdReset:
		s.pause()
		s.tl.reset()
	case protocol.CmdLang:
		return s.switchLang(c)
	case protocol.CmdExplore:
		return s.explore(c)
	case protocol.CmdCancel:
		return s.cancelSearch()
	case protocol.CmdReach:
		return s.reach(c)
	default:
		return nil, fmt.Errorf("unknown command type %q", c.Type)
	}
	if err != nil {
		return nil, err
	}
	return []any{s.state(c.ID)}, nil
}

// emit encodes ev and hands it to out. The JSON is not HTML-escaped: it
// goes to a script, never into a page.
func (s *session) emit(out Sink, ev any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(ev); err != nil {
		// Every event is made of plain values; this is a bug.
		return fmt.Errorf("encode %T: %w", ev, err)
	}
	return out.Send(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

// state is the state event at the current position.
func (s *session) state(id *int64) protocol.State {
	ev := s.tl.state(s.lang)
	ev.Envelope = protocol.Reply(id, "state")
	ev.Playing = s.playing
	if s.playing {
		ev.Speed = s.speed
	}
	ev.Variant = s.variant
	ev.Lang = s.lang
	if l := s.lesson.Litmus; l != nil && ev.Finished {
		if ob := scenarios.Observer(s.tl.prog); ob != nil {
			ev.Litmus = l.Note(ob(s.tl.m), s.lang)
		}
	}
	return ev
}
