package classroom

import (
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"lockstep/web/classroom/lecture"
)

// TestRoomErrorsInChinese: every way a room command can be refused, each
// frame from the presenter ('p') or a student ('s') after the frames
// before it, answers with an error a page in Chinese can show in Chinese.
func TestRoomErrorsInChinese(t *testing.T) {
	rs := newTestRooms(t, lecture.Limits{})
	publish := func(pos string) string { return `p{"v":1,"type":"publish","position":` + pos + `}` }
	wg := func(schedule string, index int) string {
		return publish(`{"lesson":"wg-lost-wakeup","variant":"tinycoro","schedule":"` + schedule + `","position":` + strconv.Itoa(index) + `}`)
	}
	thread := `p{"v":1,"type":"poll","kind":"thread"}`
	challengeOf := func(pos string) string { return `p{"v":1,"type":"challenge","position":{` + pos + `}}` }
	challenge := challengeOf(`"lesson":"wg-lost-wakeup","variant":"tinycoro","schedule":"","position":0`)
	tests := []struct {
		name   string
		frames []string // the last one is refused
		want   string   // a part of the English
	}{
		{"not JSON", []string{`p{"v":1,`}, "not JSON"},
		{"not an object", []string{`p[]`}, "a command is a JSON object"},
		{"a field of the wrong type", []string{`p{"v":1,"type":7}`}, `field "type"`},
		{"another version", []string{`p{"v":2,"type":"close"}`}, "version 2"},
		{"an unknown command", []string{`p{"v":1,"type":"dance"}`}, "unknown command"},
		{"publish without a position", []string{`p{"v":1,"type":"publish"}`}, "no position"},
		{"a bad position", []string{publish(`{"lesson":"","position":0}`)}, "the lesson id"},
		{"a position out of range", []string{publish(`{"lesson":"wg-lost-wakeup","position":-1}`)}, "out of range"},
		{"a bad parameter", []string{publish(`{"lesson":"wg-lost-wakeup","params":{"":1},"position":0}`)}, "parameter name"},
		{"a student publishes", []string{`s{"v":1,"type":"publish","position":{"lesson":"wg-lost-wakeup","position":0}}`}, "only the presenter"},
		{"a poll before a position", []string{thread}, "nothing is published"},
		{"a poll of an unknown kind", []string{wg("", 0), `p{"v":1,"type":"poll","kind":"guess"}`}, "kind must be"},
		{"a poll at the end", []string{wg(lostWakeup, 8), thread}, "the run is over"},
		{"a poll past the end", []string{wg("W1 W1", 3), thread}, "past the end"},
		{"a poll with one thread left", []string{wg("D1 D1", 2), thread}, "only W1 can move"},
		{"a poll of an unknown lesson", []string{publish(`{"lesson":"no-such-lesson","position":0}`), thread}, "no such lesson"},
		{"a poll of an unknown variant", []string{publish(`{"lesson":"wg-lost-wakeup","variant":"nope","position":0}`), thread}, "no variant"},
		{"a poll of a bad schedule", []string{wg("Q7", 1), thread}, "Q7"},
		{"a poll of an unknown thread", []string{wg("", 0), `p{"v":1,"type":"poll","kind":"value","thread":"Z9"}`}, "no thread"},
		{"nothing to predict", []string{wg(lostWakeup, 3), `p{"v":1,"type":"poll","kind":"value","thread":"W1"}`}, "nothing to predict"},
		{"a student asks a poll", []string{`s{"v":1,"type":"poll","kind":"thread"}`}, "only the presenter"},
		{"a reveal without a poll", []string{`p{"v":1,"type":"reveal"}`}, "no poll is open"},
		{"a cancel without a poll", []string{`p{"v":1,"type":"cancel"}`}, "no poll is open"},
		{"a reveal of no option", []string{wg("", 0), thread, `p{"v":1,"type":"reveal","option":5}`}, "no such option"},
		{"a vote without an option", []string{`s{"v":1,"type":"vote","poll":1}`}, "no option"},
		{"a vote for no poll", []string{`s{"v":1,"type":"vote","poll":4,"option":0}`}, "there is no poll 4"},
		{"a vote for a poll that is over", []string{wg("", 0), thread, `p{"v":1,"type":"cancel"}`, `s{"v":1,"type":"vote","poll":1,"option":0}`}, "poll 1 is over"},
		{"a vote for no option", []string{wg("", 0), thread, `s{"v":1,"type":"vote","poll":1,"option":9}`}, "not 10"},
		{"a vote of the presenter", []string{wg("", 0), thread, `p{"v":1,"type":"vote","poll":1,"option":0}`}, "only students vote"},
		{"follow without a flag", []string{`s{"v":1,"type":"follow"}`}, "say true or false"},
		{"the presenter follows", []string{`p{"v":1,"type":"follow","following":true}`}, "only students"},
		{"a student closes the room", []string{`s{"v":1,"type":"close"}`}, "only the presenter"},
		{"a challenge without a position", []string{`p{"v":1,"type":"challenge"}`}, "no position"},
		{"a challenge of no lesson", []string{challengeOf(`"lesson":"no-such-lesson","position":0`)}, "there is no lesson"},
		{"a challenge of a lesson without one", []string{challengeOf(`"lesson":"wg-basic","position":0`)}, "has no challenge"},
		{"a challenge on another variant", []string{challengeOf(`"lesson":"wg-lost-wakeup","variant":"fixed","position":0`)}, "played on tinycoro"},
		{"a challenge past the first step", []string{challengeOf(`"lesson":"wg-lost-wakeup","variant":"tinycoro","schedule":"W1","position":1`)}, "starts at the first step"},
		{"a challenge at a bad position", []string{challengeOf(`"lesson":"wg-lost-wakeup","variant":"tinycoro","position":0,"lang":"` + strings.Repeat("x", 65) + `"`)}, "too long"},
		{"a student starts a challenge", []string{"s" + challenge[1:]}, "only the presenter"},
		{"publish a mode", []string{publish(`{"lesson":"wg-lost-wakeup","position":0,"mode":"challenge"}`)}, "set by starting it"},
		{"publish during a challenge", []string{challenge, wg("W1", 1)}, "a challenge is running"},
		{"a hint without a challenge", []string{`p{"v":1,"type":"hint"}`}, "no challenge is open"},
		{"a hint past the last", []string{challenge, `p{"v":1,"type":"hint"}`, `p{"v":1,"type":"hint"}`, `p{"v":1,"type":"hint"}`, `p{"v":1,"type":"hint"}`}, "no hint is left"},
		{"a student reveals a hint", []string{challenge, `s{"v":1,"type":"hint"}`}, "only the presenter"},
		{"an end without a challenge", []string{`p{"v":1,"type":"end"}`}, "no challenge is open"},
		{"progress without a state", []string{challenge, `s{"v":1,"type":"progress","challenge":1}`}, "the challenge and the state"},
		{"progress of another challenge", []string{challenge, `s{"v":1,"type":"progress","challenge":7,"state":"playing"}`}, "challenge 7 is over"},
		{"progress of an unknown state", []string{challenge, `s{"v":1,"type":"progress","challenge":1,"state":"won"}`}, "want playing, reached or stuck"},
		{"a goal reached by a made-up run", []string{challenge, `s{"v":1,"type":"progress","challenge":1,"state":"reached","schedule":"Q9 ((","step":3}`}, "cannot be read"},
		{"a goal reached by a run that misses it", []string{challenge, `s{"v":1,"type":"progress","challenge":1,"state":"reached","schedule":"W1","step":1}`}, "does not reach the goal"},
		{"a goal reached without its run", []string{challenge, `s{"v":1,"type":"progress","challenge":1,"state":"reached","step":3}`}, "needs its schedule"},
		{"progress from the presenter", []string{challenge, `p{"v":1,"type":"progress","challenge":1,"state":"playing"}`}, "only students play"},
		{"progress after the end", []string{challenge, `p{"v":1,"type":"end"}`, `s{"v":1,"type":"progress","challenge":1,"state":"playing"}`}, "no challenge is open"},
		{"after the room closed", []string{`p{"v":1,"type":"close"}`, `p{"v":1,"type":"cancel"}`}, "not a member"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			room, token, err := rs.hub.Open("")
			if err != nil {
				t.Fatal(err)
			}
			pres, err := room.Present(token)
			if err != nil {
				t.Fatal(err)
			}
			stu, err := room.JoinAs("a-voter-of-the-test")
			if err != nil {
				t.Fatal(err)
			}
			defer func() {
				room.Leave(stu)
				_ = room.Close(pres)
			}()
			for i, frame := range tt.frames {
				m := stu
				if frame[0] == 'p' {
					m = pres
				}
				cmd, err := decodeRoomCommand([]byte(frame[1:]))
				if err == nil {
					err = rs.dispatch(m, cmd)
				}
				if i < len(tt.frames)-1 {
					if err != nil {
						t.Fatalf("frame %d, %s: %v", i+1, frame, err)
					}
					continue
				}
				if err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("%s: %v; want an error saying %q", frame, err, tt.want)
				}
				checkChinese(t, lecture.ErrorEvent(cmd.Type, err))
			}
		})
	}
}

// TestRoomRefusalsInChinese: a page refused as a member, or made to
// leave, is told why in Chinese too.
func TestRoomRefusalsInChinese(t *testing.T) {
	rs := newTestRooms(t, lecture.Limits{MaxStudents: 1})
	room, _, err := rs.hub.Open("")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := room.JoinAs("the-first-student"); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"code=ZZZZZZ&role=student", "code=" + room.Code() + "&role=dean",
		"code=" + room.Code() + "&role=presenter", "code=" + room.Code() + "&role=student"} {
		_, err := rs.member(httptest.NewRequest("GET", "/room/ws?"+q, nil))
		if err == nil {
			t.Fatalf("%s: joined; want a refusal", q)
		}
		checkChinese(t, lecture.ClosedEvent(err))
	}
	for _, reason := range []error{lecture.ErrClosed, lecture.ErrIdle, lecture.ErrUnclaimed, lecture.ErrSlow,
		lecture.ErrReplaced, lecture.ErrLeft, lecture.ErrNoVoter, lecture.ErrTooManyRooms, lecture.ErrTooManyYours} {
		checkChinese(t, lecture.ClosedEvent(reason))
	}
}

// checkChinese fails unless ev says its message in Chinese as well.
func checkChinese(t *testing.T, ev *lecture.Event) {
	t.Helper()
	if ev.MessageZH == "" || ev.MessageZH == ev.Message || !strings.ContainsFunc(ev.MessageZH, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
		t.Errorf("%s event %q has no Chinese (%q)", ev.Type, ev.Message, ev.MessageZH)
	}
	if !strings.Contains(string(ev.JSON()), `"message_zh":`) {
		t.Errorf("the %s event's JSON carries no message_zh: %s", ev.Type, ev.JSON())
	}
}
