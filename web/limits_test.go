package web

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"lockstep/web/internal/webtest"
)

// TestLargeHeaders: header fields past MaxHeader get the site's 431, with
// the security headers every response carries.
func TestLargeHeaders(t *testing.T) {
	ts := newTestHTTP(t, Config{})
	resp := get(t, ts, "/", map[string]string{"X-Padding": strings.Repeat("x", MaxHeader)})
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Fatalf("GET / with %d bytes of header: %s, want 431", MaxHeader, resp.Status)
	}
	webtest.CheckFraming(t, resp.Header, false)
	if resp.Header.Get("Content-Security-Policy") == "" || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("431 without the security headers: %v", resp.Header)
	}
	if resp := get(t, ts, "/", map[string]string{"X-Padding": strings.Repeat("x", 8<<10)}); resp.StatusCode != http.StatusOK {
		t.Errorf("GET / with 8 KB of header: %s, want 200", resp.Status)
	}
}

// TestLongURLs: a URL past MaxRequestURI gets 414 on every route, without
// echoing it; a shorter one that a handler refuses is logged clipped.
func TestLongURLs(t *testing.T) {
	var logs webtest.LogBuffer
	ts := newTestHTTP(t, Config{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	long := strings.Repeat("x", 1_000_000)
	for _, path := range []string{"/embed/wg-basic?x=" + long, "/lesson/wg-basic?x=" + long, "/?q=" + long, "/ws?" + long, "/nowhere/" + long} {
		resp := get(t, ts, path, nil)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestURITooLong || len(body) > 1000 || !strings.Contains(string(body), "too long") {
			t.Errorf("GET %.30s… (1 MB): %s, %d bytes; want 414 and a short page", path, resp.Status, len(body))
		}
		webtest.CheckFraming(t, resp.Header, false)
		if resp.Header.Get("Content-Security-Policy") == "" || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %.30s… (1 MB): 414 without the security headers: %v", path, resp.Header)
		}
	}
	// A link's query is measured as sent, but for src: a src that
	// escaping would lengthen lends the rest of the query nothing.
	resp0 := get(t, ts, "/lesson/custom?src="+strings.Repeat("(", 5000)+"&x="+strings.Repeat("x", 9000), nil)
	body0, _ := io.ReadAll(resp0.Body)
	resp0.Body.Close()
	if resp0.StatusCode != http.StatusRequestURITooLong || !strings.Contains(string(body0), "its query is 9") {
		t.Errorf("a link with 9 KB of query beside its src: %s %.200s; want 414", resp0.Status, body0)
	}
	// Under the cap, the embed's own query limit answers 414 too.
	resp := get(t, ts, "/embed/test-wakeup?x="+strings.Repeat("x", 10_000), nil)
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestURITooLong {
		t.Errorf("GET /embed with a 10 KB query: %s, want 414", resp.Status)
	}
	resp = get(t, ts, "/embed/test-wakeup?step="+strings.Repeat("9", 7000), nil)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || len(body) > 60_000 {
		t.Errorf("GET /embed with a 7 KB step: %s, %d bytes; want 400", resp.Status, len(body))
	}
	for _, line := range strings.Split(logs.String(), "\n") {
		if len(line) > 4000 {
			t.Errorf("a log line of %d bytes: %.200s…", len(line), line)
		}
	}
	if !strings.Contains(logs.String(), "bytes)") {
		t.Errorf("the refused step was not logged clipped: %s", logs.String())
	}
}

// TestSocketsPerClient: a client's 33rd WebSocket, the playground's and
// the rooms' counted together, gets 429; one closes, and the next opens.
func TestSocketsPerClient(t *testing.T) {
	ts := newTestHTTP(t, Config{SocketsPerClient: 4})
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	base := "ws" + strings.TrimPrefix(ts.URL, "http")
	var open []*websocket.Conn
	defer func() {
		for _, c := range open {
			c.CloseNow()
		}
	}()
	for i := range 4 {
		u := base + "/ws"
		if i%2 == 1 {
			u = base + "/room/ws?code=AAAAAA&role=student" // refused as a member, after the upgrade
		}
		c, _, err := websocket.Dial(ctx, u, nil)
		if err != nil {
			t.Fatalf("socket %d: %v", i+1, err)
		}
		open = append(open, c)
		if i%2 == 0 {
			if _, _, err := c.Read(ctx); err != nil { // hello: the session runs
				t.Fatal(err)
			}
		}
	}
	_, resp, err := websocket.Dial(ctx, base+"/ws", nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("the fifth socket: %v, %v; want 429", err, resp)
	}
	// Dial keeps only the start of a refused upgrade's body: ask again
	// plainly to read the whole page.
	en, err := http.NewRequest(http.MethodGet, ts.URL+"/ws?lang=en", nil)
	if err != nil {
		t.Fatal(err)
	}
	en.Header.Set("Connection", "Upgrade")
	en.Header.Set("Upgrade", "websocket")
	eresp, err := ts.Client().Do(en)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(eresp.Body)
	eresp.Body.Close()
	if eresp.StatusCode != http.StatusTooManyRequests || !strings.Contains(string(body), "4 connections") {
		t.Errorf("the refusal says %s %q; want it to name the limit", eresp.Status, body)
	}
	req, _ := http.NewRequest(http.MethodGet, ts.URL+"/ws?lang=zh", nil)
	req.Header.Set("Connection", "Upgrade")
	req.Header.Set("Upgrade", "websocket")
	zh, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	zbody, _ := io.ReadAll(zh.Body)
	zh.Body.Close()
	if zh.StatusCode != http.StatusTooManyRequests || !strings.Contains(string(zbody), "4 个到本服务器的连接") {
		t.Errorf("the refusal in Chinese: %s %q", zh.Status, zbody)
	}
	open[0].Close(websocket.StatusNormalClosure, "")
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, _, err := websocket.Dial(ctx, base+"/ws", nil)
		if err == nil {
			open = append(open, c)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after one socket closed, a new one is still refused: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
