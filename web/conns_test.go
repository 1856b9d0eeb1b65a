package web

import (
	"net"
	"testing"
	"time"
)

// TestLimitConns: an address holds at most its limit of connections; one
// more is closed at once; once one of the address's closes, it may open
// another.
func TestLimitConns(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := LimitConns(raw, 2)
	defer ln.Close()
	accepted := make(chan net.Conn, 10)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	dial := func() net.Conn {
		c, err := net.Dial("tcp", raw.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	closedAtOnce := func(c net.Conn) bool {
		c.SetReadDeadline(time.Now().Add(2 * time.Second))
		_, err := c.Read(make([]byte, 1))
		return err != nil && !isTimeout(err)
	}
	dial()
	dial()
	first, second := <-accepted, <-accepted
	_ = second
	if third := dial(); !closedAtOnce(third) {
		t.Errorf("a third connection from the address was kept open")
	}
	first.Close()
	time.Sleep(50 * time.Millisecond)
	dial()
	select {
	case <-accepted:
	case <-time.After(5 * time.Second):
		t.Errorf("after one of the address's connections closed, a new one was not accepted")
	}
}

func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}
