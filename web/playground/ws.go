package playground

import (
	"context"
	"errors"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"

	"lockstep/web/site"
)

// Bounds of a WebSocket.
const (
	// WriteTimeout bounds every write to a socket.
	WriteTimeout = 5 * time.Second
	// outboxLen is how many events may wait for a slow client; one more
	// and the client is dropped.
	outboxLen = 32
)

// errSlowClient ends a session whose client does not read its events.
var errSlowClient = errors.New("the client does not keep up with its events")

// ServeWS upgrades the request to a WebSocket and runs a session on it
// until either side closes it or the request's context ends.
func (p *Playground) ServeWS(w http.ResponseWriter, r *http.Request) error {
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: p.cfg.Origins})
	if err != nil {
		// Accept has answered already (403 for a foreign origin, 426 for
		// a plain GET), so there is nothing more to write.
		p.log.Info("websocket refused", "origin", r.Header.Get("Origin"), "err", err)
		return nil
	}
	defer c.CloseNow()
	c.SetReadLimit(MaxFrame)
	err = p.runSocket(r.Context(), c, site.ClientOf(r))
	switch status := websocket.CloseStatus(err); {
	case errors.Is(err, errSlowClient):
		p.log.Warn("websocket dropped: slow client", "remote", r.RemoteAddr)
	case errors.Is(err, websocket.ErrMessageTooBig):
		p.log.Info("websocket closed: frame too big", "remote", r.RemoteAddr, "limit", MaxFrame)
	case err == nil, status == websocket.StatusNormalClosure, status == websocket.StatusGoingAway,
		errors.Is(err, context.Canceled), errors.Is(err, io.EOF): // a tab closed without a close frame
		p.log.Debug("websocket closed", "err", err)
	default:
		p.log.Info("websocket ended", "remote", r.RemoteAddr, "err", err)
	}
	return nil
}

// runSocket runs a session on c: a reader feeds the session's commands, a
// writer drains its outbox. It returns when the session ends, with the
// reason the socket is done.
func (p *Playground) runSocket(ctx context.Context, c *websocket.Conn, client string) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	out := &outbox{ch: make(chan []byte, outboxLen)}
	cmds := make(chan []byte)
	var wg sync.WaitGroup
	var readErr, writeErr error
	wg.Go(func() {
		defer close(cmds)
		readErr = readLoop(ctx, c, cmds)
	})
	wg.Go(func() {
		writeErr = writeLoop(ctx, c, out.ch, p.writeTimeout)
		if writeErr != nil {
			cancel()
		}
	})
	s := newSession(p, p.log)
	s.client = client
	err := s.run(ctx, cmds, out)
	if errors.Is(err, errSlowClient) {
		// Close before cancelling: a cancelled read closes the socket
		// without a status.
		_ = c.Close(websocket.StatusPolicyViolation, "too slow: events were not read")
	}
	cancel()
	wg.Wait()
	return errors.Join(err, readErr, writeErr)
}

// readLoop hands every text frame to cmds until reading fails. A binary
// frame is handed over as it is: the session answers it as bad JSON.
func readLoop(ctx context.Context, c *websocket.Conn, cmds chan<- []byte) error {
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			return err
		}
		select {
		case cmds <- data:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// writeLoop writes the outbox's messages, each under timeout, until ctx
// ends or a write fails.
func writeLoop(ctx context.Context, c *websocket.Conn, msgs <-chan []byte, timeout time.Duration) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		case msg := <-msgs:
			wctx, cancel := context.WithTimeout(ctx, timeout)
			err := c.Write(wctx, websocket.MessageText, msg)
			cancel()
			if err != nil {
				return err
			}
		}
	}
}

// outbox is a session's bounded queue of events for its socket.
type outbox struct {
	ch chan []byte
}

// Send queues msg without blocking; a full queue means a slow client.
func (o *outbox) Send(msg []byte) error {
	select {
	case o.ch <- msg:
		return nil
	default:
		return errSlowClient
	}
}
