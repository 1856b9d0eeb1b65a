package web

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestLessonFromLinkOverSocket writes a lesson at /compose/check (package
// share) and loads the link it gets over /ws (package playground): the
// server hands the playground share's reader of the lessons links carry.
func TestLessonFromLinkOverSocket(t *testing.T) {
	ts := newTestHTTP(t, Config{})
	draft := `{"lang":"en","title":"Mine","primitive":"wait_group","variants":["tinycoro"],"init_count":"1",
		"coroutines":[{"name":"W","script":"wait"},{"name":"D","script":"done"}],"schedules":[{"name":"lost","steps":"W*5 D*2"}]}`
	resp, err := ts.Client().Post(ts.URL+"/compose/check", "application/json", strings.NewReader(draft))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var reply struct {
		OK   bool   `json:"ok"`
		Link string `json:"link"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&reply); err != nil || !reply.OK {
		t.Fatalf("POST /compose/check: %s, %+v, %v; want a link", resp.Status, reply, err)
	}
	link, err := url.Parse(reply.Link)
	if err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	load, _ := json.Marshal(map[string]any{"v": 1, "type": "load", "lesson": "custom", "source": link.Query().Get("src")})
	if err := c.Write(ctx, websocket.MessageText, load); err != nil {
		t.Fatal(err)
	}
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var ev struct {
			Type    string `json:"type"`
			Message string `json:"message"`
			Lesson  struct{ ID, Title string }
		}
		if err := json.Unmarshal(data, &ev); err != nil {
			t.Fatal(err)
		}
		switch ev.Type {
		case "hello":
			continue
		case "loaded":
			if ev.Lesson.ID != "custom" || ev.Lesson.Title != "Mine" {
				t.Errorf("loaded %+v; want the lesson Mine, custom", ev.Lesson)
			}
		default:
			t.Errorf("%s %q; want loaded", ev.Type, ev.Message)
		}
		break
	}
	_ = c.Close(websocket.StatusNormalClosure, "")
}
