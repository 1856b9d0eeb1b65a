package playground

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"

	"lockstep/web/playground/protocol"
	"lockstep/web/site"
)

// Bounds of a WebSocket.
const (
	// WriteTimeout bounds every write to a socket.
	WriteTimeout = 5 * time.Second
	// outboxLen is how many events may wait for a slow client; one more
	// and the client is dropped.
	outboxLen = 32
	// PingInterval is how often an idle socket is pinged, and PingTimeout
	// how long its client has to answer before the socket is closed: a
	// page whose machine slept or whose network went away is let go.
	PingInterval = 30 * time.Second
	PingTimeout  = 15 * time.Second
	// goingAwayWait bounds the wait for a client's answer to the close
	// frame the server sends when it shuts down, and closeFrameWait the
	// wait, once the connection is closed for want of one, for the
	// library's Close to return (Guard). With the search's own wait
	// (searchStopWait), whose search was stopped as the shutdown began,
	// a socket is closed within 2.5 s of the shutdown, half the server's
	// budget of 5 s.
	goingAwayWait  = time.Second
	closeFrameWait = 500 * time.Millisecond
)

// GoingAwayReason is the reason of the close frame (1001, going away)
// every socket gets when the server shuts down.
const GoingAwayReason = "the server is shutting down: reconnect in a moment"

// errSlowClient ends a session whose client does not read its events.
var errSlowClient = errors.New("the client does not keep up with its events")

// ServeWS upgrades the request to a WebSocket and runs a session on it
// until either side closes it or the request's context ends.
func (p *Playground) ServeWS(w http.ResponseWriter, r *http.Request) error {
	c, raw, err := Accept(w, r, &websocket.AcceptOptions{OriginPatterns: p.cfg.Origins})
	if err != nil {
		// Accept has answered already (403 for a foreign origin, 426 for
		// a plain GET), so there is nothing more to write.
		p.log.Info("websocket refused", "origin", r.Header.Get("Origin"), "err", err)
		return nil
	}
	defer c.CloseNow()
	c.SetReadLimit(protocol.MaxFrame)
	err = p.runSocket(r.Context(), c, raw, site.ClientOf(r))
	if r.Context().Err() != nil {
		return nil // the server shut down; the client was told
	}
	switch status := websocket.CloseStatus(err); {
	case errors.Is(err, errSlowClient):
		p.log.Warn("websocket dropped: slow client", "remote", r.RemoteAddr)
	case errors.Is(err, websocket.ErrMessageTooBig):
		p.log.Info("websocket closed: frame too big", "remote", r.RemoteAddr, "limit", protocol.MaxFrame)
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
//
// When server (the request's context) ends, the client is sent a close
// frame, going away, before the session ends.
func (p *Playground) runSocket(server context.Context, c *websocket.Conn, raw io.Closer, client site.Client) error {
	ctx, cancel := Guard(server, c, raw)
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
	wg.Go(func() {
		if KeepAlive(ctx, c, p.pingInterval, p.pingTimeout) != nil {
			cancel()
		}
	})
	s := newSession(p, p.log)
	s.client, s.server = client, server
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

// Guard returns the context a socket's goroutines run under. It ends when
// the returned cancel is called, or when server ends: then, first, c is
// closed with 1001 (going away) and GoingAwayReason, waiting at most
// goingAwayWait for the client's answer; without one, raw (the
// connection under c, from Accept) is closed. A socket's reads and writes
// must not use server itself: coder/websocket closes a socket without a
// close frame when the context of a read ends. cancel, which may be
// called more than once and from any goroutine, waits for that close.
func Guard(server context.Context, c *websocket.Conn, raw io.Closer) (ctx context.Context, cancel func()) {
	ctx, end := context.WithCancel(context.WithoutCancel(server))
	closed := make(chan struct{})
	stop := context.AfterFunc(server, func() {
		defer close(closed)
		defer end()
		done := make(chan struct{})
		go func() {
			_ = c.Close(websocket.StatusGoingAway, GoingAwayReason)
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(goingAwayWait):
			// No answer. Close may be waiting for it in a read of its
			// own (it takes the read lock when no read of ours holds
			// it: a socket accepted a moment ago, a reader between two
			// frames), or be writing the close frame to a client whose
			// full buffer takes nothing: either lasts until the
			// library's own timeout, 5 s, and CloseNow would wait for
			// Close. Closing the connection under the socket ends both
			// at once; then Close returns.
			end()
			_ = raw.Close()
			select {
			case <-done:
			case <-time.After(closeFrameWait):
			}
		}
	})
	var once sync.Once
	stopped := false
	return ctx, func() {
		once.Do(func() { stopped = stop() })
		if !stopped {
			<-closed // the close runs, or ran
		}
		end()
	}
}

// KeepAlive pings c every interval until ctx ends, and returns an error
// when the client does not answer a ping within timeout. The socket must
// have a reader running: pongs are read with the frames.
func KeepAlive(ctx context.Context, c *websocket.Conn, interval, timeout time.Duration) error {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		pctx, cancel := context.WithTimeout(ctx, timeout)
		err := c.Ping(pctx)
		cancel()
		if err != nil && ctx.Err() == nil {
			return fmt.Errorf("no answer to a ping within %v: %w", timeout, err)
		}
	}
}
