package classroom

import (
	"context"
	"errors"
	"io"
	"net/http"
	"sync"

	"github.com/coder/websocket"

	"lockstep/web/classroom/lecture"
	"lockstep/web/playground"
	"lockstep/web/playground/protocol"
	"lockstep/web/site"
)

// maxStudentFrame bounds what a student's page may send: votes and
// follow flags are a few dozen bytes. A presenter's frame may be as large
// as a playground frame (protocol.MaxFrame): it carries the history.
const maxStudentFrame = 4 << 10

// Close statuses of the room socket beyond the standard ones: the page
// reads them to tell a final refusal (no such room, a full room, a bad
// token) from a drop worth retrying.
const (
	statusRefused = websocket.StatusCode(4403)
	statusSlow    = websocket.StatusCode(4408)
)

// ServeSocket upgrades the request to a room's WebSocket (room.md):
// ?code= names the room, ?role= is student or presenter, and a presenter
// proves itself with the token of its cookie or ?token= (a wrong one
// counts as a wrong room code); its browser is then on the list of those
// that presented the room (shelf.go). A refusal is told
// on the socket itself, as a closed event, since a page cannot read the
// HTTP status of a failed upgrade.
func (rs *Rooms) ServeSocket(w http.ResponseWriter, r *http.Request) error {
	c, raw, err := playground.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: rs.origins})
	if err != nil {
		rs.log.Info("room websocket refused", "origin", r.Header.Get("Origin"), "err", err)
		return nil
	}
	defer c.CloseNow()
	m, err := rs.member(r)
	if err != nil {
		rs.refuse(r.Context(), c, err)
		return nil
	}
	limit := int64(maxStudentFrame)
	if m.Role() == lecture.Presenter {
		limit = protocol.MaxFrame
	}
	c.SetReadLimit(limit)
	err = rs.runMember(r.Context(), c, raw, m)
	rs.log.Debug("room websocket ended", "room", m.Room().Code(), "member", m.ID(), "err", err)
	return nil
}

// member joins the room the request names, in the role it asks for.
func (rs *Rooms) member(r *http.Request) (*lecture.Member, error) {
	q := r.URL.Query()
	room, err := rs.find(r, q.Get("code"))
	if err != nil {
		return nil, err
	}
	switch lecture.Role(q.Get("role")) {
	case lecture.Student:
		return room.JoinFrom(rs.pages.BrowserOf(r), site.ClientOf(r).Addr)
	case lecture.Presenter:
		token, err := rs.authorize(r, room)
		if err != nil {
			return nil, err
		}
		m, err := room.Present(token)
		if err == nil {
			lesson := ""
			if pos, ok := room.Position(); ok {
				lesson = pos.Lesson
			}
			rs.presented(r, room, lesson)
		}
		return m, err
	}
	return nil, lecture.Problemf(nil, "role must be %q or %q", "role 必须是 %q 或 %q", lecture.Student, lecture.Presenter)
}

// refuse tells the page why it cannot be a member, and closes.
func (rs *Rooms) refuse(ctx context.Context, c *websocket.Conn, why error) {
	_ = writeEvent(ctx, c, lecture.ClosedEvent(why))
	_ = c.Close(statusRefused, "refused")
}

// runMember runs m's socket: a reader carries the page's commands to the
// room, a writer sends m's events. It returns when either side is done;
// m then leaves the room.
//
// The socket is pinged (playground.KeepAlive), and when server (the
// request's context) ends it is closed with 1001, going away
// (playground.Guard): the member stays in the stored room and its page
// reconnects once the server is back.
func (rs *Rooms) runMember(server context.Context, c *websocket.Conn, raw io.Closer, m *lecture.Member) error {
	ctx, cancel := playground.Guard(server, c, raw)
	defer cancel()
	defer m.Room().Leave(m)
	var wg sync.WaitGroup
	var readErr error
	wg.Go(func() {
		readErr = rs.readLoop(ctx, c, m)
		cancel()
	})
	wg.Go(func() {
		if playground.KeepAlive(ctx, c, rs.pingInterval, rs.pingTimeout) != nil {
			cancel()
		}
	})
	err := rs.writeLoop(ctx, c, m)
	cancel()
	wg.Wait()
	return errors.Join(err, readErr)
}

// writeLoop writes m's events until m leaves the room or ctx ends. When m
// was made to leave (the room closed, m fell behind, another presenter
// view opened) the page is told why before the socket closes.
func (rs *Rooms) writeLoop(ctx context.Context, c *websocket.Conn, m *lecture.Member) error {
	for {
		ev, err := m.Next(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			_ = writeEvent(ctx, c, lecture.ClosedEvent(err))
			status := websocket.StatusNormalClosure
			if errors.Is(err, lecture.ErrSlow) {
				status = statusSlow
			}
			return c.Close(status, "left the room")
		}
		if err := writeEvent(ctx, c, ev); err != nil {
			return err
		}
	}
}

// writeEvent writes one event under playground.WriteTimeout.
func writeEvent(ctx context.Context, c *websocket.Conn, ev *lecture.Event) error {
	ctx, cancel := context.WithTimeout(ctx, playground.WriteTimeout)
	defer cancel()
	return c.Write(ctx, websocket.MessageText, ev.JSON())
}

// readLoop carries out the page's commands until reading fails. A command
// that cannot be carried out is answered with an error event.
func (rs *Rooms) readLoop(ctx context.Context, c *websocket.Conn, m *lecture.Member) error {
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			return err
		}
		cmd, err := decodeRoomCommand(data)
		if err == nil {
			err = rs.dispatch(m, cmd)
		}
		if err != nil {
			m.Reply(lecture.ErrorEvent(cmd.Type, err))
		}
	}
}
