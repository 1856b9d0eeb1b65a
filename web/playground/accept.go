package playground

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"sync"

	"github.com/coder/websocket"
)

// Accept is websocket.Accept that also returns the connection under the
// socket, for Guard: a socket whose client does not answer its close
// frame is then closed at once, rather than when the library's own
// waits (5 s each) run out. On an error Accept has answered the request.
func Accept(w http.ResponseWriter, r *http.Request, opts *websocket.AcceptOptions) (*websocket.Conn, io.Closer, error) {
	h := &hijacked{ResponseWriter: w}
	c, err := websocket.Accept(h, r, opts)
	if err != nil {
		return nil, nil, err
	}
	return c, h, nil
}

// hijacked is a ResponseWriter that keeps the connection it is hijacked
// for, to close it.
type hijacked struct {
	http.ResponseWriter

	mu   sync.Mutex
	conn net.Conn
}

// Hijack hijacks the connection and keeps it.
func (h *hijacked) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(h.ResponseWriter).Hijack()
	if err == nil {
		h.mu.Lock()
		h.conn = conn
		h.mu.Unlock()
	}
	return conn, brw, err
}

// Unwrap is the ResponseWriter underneath, for http.ResponseController.
func (h *hijacked) Unwrap() http.ResponseWriter { return h.ResponseWriter }

// Close closes the hijacked connection, if there is one.
func (h *hijacked) Close() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.conn == nil {
		return nil
	}
	return h.conn.Close()
}
