package web

import (
	"net"
	"sync"
)

// DefaultConnsPerAddress is how many TCP connections one address may
// hold open at once (LimitConns): four times a full room's WebSockets
// behind one NAT address (DefaultSocketsPerAddress), which leaves each
// student's browser its few connections for pages and assets.
const DefaultConnsPerAddress = 4 * DefaultSocketsPerAddress

// LimitConns returns ln, closing at once each connection accepted from an
// address that already holds perAddress open (upgraded ones, WebSockets,
// included: a connection counts until it is closed). Half-open
// connections from one address then cost the server at most perAddress
// goroutines and buffers, however many the address opens. Behind a
// reverse proxy every connection is the proxy's: do not limit there.
func LimitConns(ln net.Listener, perAddress int) net.Listener {
	return &connLimiter{Listener: ln, limit: perAddress, open: map[string]int{}}
}

type connLimiter struct {
	net.Listener
	limit int

	mu   sync.Mutex
	open map[string]int
}

// Accept returns the next connection from an address under its limit.
func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		host, _, err := net.SplitHostPort(c.RemoteAddr().String())
		if err != nil {
			host = c.RemoteAddr().String()
		}
		if !l.take(host) {
			c.Close()
			continue
		}
		return &countedConn{Conn: c, release: sync.OnceFunc(func() { l.give(host) })}, nil
	}
}

func (l *connLimiter) take(host string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[host] >= l.limit {
		return false
	}
	l.open[host]++
	return true
}

func (l *connLimiter) give(host string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[host]--; l.open[host] <= 0 {
		delete(l.open, host)
	}
}

// A countedConn gives its address's count back when it is closed.
type countedConn struct {
	net.Conn
	release func()
}

func (c *countedConn) Close() error {
	c.release()
	return c.Conn.Close()
}
