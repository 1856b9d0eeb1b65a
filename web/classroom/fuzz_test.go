package classroom

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"lockstep/templates"
	"lockstep/web/classroom/lecture"
	"lockstep/web/playground"
)

// FuzzRoomProtocol feeds a room any sequence of frames (one a line, at
// most 12), each from the presenter or a student as its first byte says
// ('p' or else 's'): every frame is carried out or refused with an error
// that says why in English and Chinese, never a panic. After each, the
// room's published position, which the server replays into every
// student's page, renders as a student's page,
// and its schedule reads as a schedule of its lesson or is refused.
func FuzzRoomProtocol(f *testing.F) {
	pos := `"position":{"lesson":"wg-lost-wakeup","variant":"tinycoro","params":{"waiters":1},"schedule":"W1*5 D1*2 W1","position":3}`
	for _, seq := range []string{
		`p{"v":1,"type":"publish",` + pos + `}` + "\n" + `p{"v":1,"type":"poll","kind":"thread"}` + "\n" + `s{"v":1,"type":"vote","poll":1,"option":1}` + "\n" + `p{"v":1,"type":"reveal"}`,
		`p{"v":1,"type":"publish",` + pos + `}` + "\n" + `p{"v":1,"type":"poll","kind":"value","thread":"W1"}` + "\n" + `p{"v":1,"type":"cancel"}`,
		`p{"v":1,"type":"publish","position":{"lesson":"wg-lost-wakeup","schedule":"` + strings.Repeat("Z9 ", 40) + `","position":99999}}`,
		`p{"v":1,"type":"publish","position":{"lesson":"nope","params":{"":1},"schedule":"","position":-1}}`,
		`s{"v":1,"type":"follow","following":false}` + "\n" + `s{"v":1,"type":"vote","poll":0}`,
		`p{"v":1,"type":"close"}` + "\n" + `p{"v":1,"type":"publish",` + pos + `}`,
		`p{"v":1,"type":"challenge","position":{"lesson":"wg-lost-wakeup","variant":"tinycoro","position":0}}` + "\n" + `p{"v":1,"type":"hint"}` + "\n" +
			`s{"v":1,"type":"progress","challenge":1,"state":"reached","schedule":"W1*5 D1*2 W1","step":8}` + "\n" + `p{"v":1,"type":"end"}`,
		`s{"v":1,"type":"progress","challenge":-1,"state":"stuck","step":-3}` + "\n" + `p{"v":1,"type":"hint"}` + "\n" + `p{"v":1,"type":"end"}`,
		`s{"v":1,"type":"poll"}`, `p{"v":2,"type":"publish"}`, `p{"v":1,"type":"reveal","option":-7}`, `s[]`, `pnull`, "p\xff",
	} {
		f.Add(seq)
	}
	rs := newTestRooms(f, lecture.Limits{})
	f.Fuzz(func(t *testing.T, seq string) {
		room, token, err := rs.hub.Open("")
		if err != nil {
			t.Fatal(err)
		}
		pres, err := room.Present(token)
		if err != nil {
			t.Fatal(err)
		}
		stu, err := room.JoinAs("fuzz-voter")
		if err != nil {
			t.Fatal(err)
		}
		defer func() {
			if room.Close(pres) != nil {
				room.Leave(stu) // the presenter closed it already
			}
		}()
		frames := strings.Split(seq, "\n")
		if len(frames) > 12 {
			frames = frames[:12]
		}
		for _, frame := range frames {
			if frame == "" {
				continue
			}
			m := stu
			if frame[0] == 'p' {
				m = pres
			}
			cmd, err := decodeRoomCommand([]byte(frame[1:]))
			if err == nil {
				err = rs.dispatch(m, cmd) // refused or carried out; either is fine
			}
			if err != nil && lecture.Chinese(err) == "" {
				t.Errorf("%s is refused in English only: %v", frame, err)
			}
			replayPosition(t, rs, room)
		}
	})
}

// replayPosition renders the room's position as a student's page, and
// reads its schedule as its lesson's.
func replayPosition(t *testing.T, rs *Rooms, room *lecture.Room) {
	t.Helper()
	pos, ok := room.Position()
	if !ok {
		return
	}
	if err := pos.Validate(); err != nil {
		t.Fatalf("the room holds a position it should have refused: %v", err)
	}
	req := httptest.NewRequest("GET", "/room/"+room.Code(), nil)
	page, err := rs.roomPage(req, room, "en", lecture.Student, "")
	if err != nil {
		t.Fatalf("roomPage: %v", err)
	}
	var b strings.Builder
	if err := templates.Room(page).Render(context.Background(), &b); err != nil {
		t.Fatalf("render the student page of %+v: %v", pos, err)
	}
	if lesson, err := rs.lessons.Lookup(pos.Lesson); err == nil {
		variant := pos.Variant
		if variant == "" {
			variant = lesson.Variants[0]
		}
		_, _ = playground.LessonSchedule(lesson, variant, pos.Schedule)
	}
}
