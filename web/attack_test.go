package web

import (
	"context"
	"net"
	"net/http"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// The attacks, run against a server on loopback, each bounded in count
// and time. They run only with LOCKSTEP_ATTACK=1: they open thousands of
// connections, or keep the server busy for seconds (this file and
// attack_more_test.go). Smaller forms of them, and the other attacks of
// docs/reliability.md, are tests of the default suite (made-up browser
// identities, wrong room codes, cross-site posts, damaged room files,
// long URLs and headers, lab searches).
func attacks(t *testing.T) {
	if os.Getenv("LOCKSTEP_ATTACK") != "1" {
		t.Skip("set LOCKSTEP_ATTACK=1 to run the attacks")
	}
}

// TestAttackHalfOpenConnections: one address (127.0.0.1) opens 3,000
// connections and sends nothing on them; the server keeps at most
// DefaultConnsPerAddress of them and closes the rest at once, and another
// address (127.0.0.2) is answered meanwhile, its pages and its
// playground steps: a median under 50 ms, and no p99 over a second (the
// p99s are logged: on a machine shared with other work they measure the
// machine as much as the server).
func TestAttackHalfOpenConnections(t *testing.T) {
	attacks(t)
	const attackers = 3000
	srv := newTestServer(t, Config{})
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: time.Minute}
	go hs.Serve(LimitConns(raw, DefaultConnsPerAddress))
	defer hs.Close()
	addr := raw.Addr().String()

	var open []net.Conn
	defer func() {
		for _, c := range open {
			c.Close()
		}
	}()
	for range attackers {
		c, err := net.DialTimeout("tcp", addr, 5*time.Second)
		if err != nil {
			t.Fatalf("attacker's connection %d: %v", len(open)+1, err)
		}
		open = append(open, c)
	}
	closed := 0
	for _, c := range open {
		c.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
		if _, err := c.Read(make([]byte, 1)); err != nil {
			if ne, ok := err.(net.Error); !ok || !ne.Timeout() {
				closed++
			}
		}
	}
	if kept := attackers - closed; kept > DefaultConnsPerAddress {
		t.Errorf("the server keeps %d of one address's half-open connections; want at most %d", kept, DefaultConnsPerAddress)
	}

	other := &http.Client{Transport: &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}).DialContext}}
	var took []time.Duration
	for range 50 {
		ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addr+"/healthz", nil)
		start := time.Now()
		resp, err := other.Do(req)
		cancel()
		if err != nil {
			t.Fatalf("another address during the attack: %v", err)
		}
		resp.Body.Close()
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	hp99 := took[len(took)*99/100]

	// Another address steps a playground session every 20 ms for 3 s
	// while the attacker's connections stay open.
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws://"+addr+"/ws", &websocket.DialOptions{HTTPClient: fromAddress("127.0.0.2")})
	if err != nil {
		t.Fatalf("another address's WebSocket during the attack: %v", err)
	}
	defer ws.CloseNow()
	steps, err := stepUntil(ctx, ws, time.Now().Add(3*time.Second), 20*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	sp99 := p99(steps)
	t.Logf("%d half-open connections from one address: %d closed at once; another address's GET /healthz: median %v, p99 %v; its steps: p99 %v (%d steps)", attackers, closed, took[len(took)/2], hp99, sp99, len(steps))
	if med := took[len(took)/2]; med > 50*time.Millisecond || hp99 > time.Second || sp99 > time.Second {
		t.Errorf("another address during the attack: GET median %v, p99 %v, step p99 %v; want under 50 ms, 1 s and 1 s (50 ms on an unshared machine)", med, hp99, sp99)
	}
}
