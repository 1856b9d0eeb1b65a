package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"lockstep/primitives/examples"
	"lockstep/scenarios"
	"lockstep/web/site"
)

// fromAddress is an HTTP client whose connections leave from the loopback
// address ip, so that a test server on 127.0.0.1 counts it as another
// address than the attacker's.
func fromAddress(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext, MaxConnsPerHost: 64},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// signedBrowser is the identity the server gives a browser at the
// address client leaves from.
func signedBrowser(t *testing.T, client *http.Client, base string) *http.Cookie {
	t.Helper()
	resp, err := client.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for _, c := range resp.Cookies() {
		if c.Name == site.BrowserCookie {
			return c
		}
	}
	t.Fatalf("GET / set no %s cookie", site.BrowserCookie)
	return nil
}

// p99 is the 99th percentile of ds, which it sorts.
func p99(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return ds[len(ds)*99/100]
}

// TestAttackMadeUpStudents: a script at one address (127.0.0.1) joins a
// room as 300 students, each with a cookie it made up, and each votes.
// The server holds at most the address's sockets of them and counts none
// of their votes; an honest student at another address (127.0.0.2), with
// the identity the server gave it, joins and its vote is the only one
// the tally counts.
func TestAttackMadeUpStudents(t *testing.T) {
	attacks(t)
	const students = 300
	ts := newTestHTTP(t, Config{})
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	code, presenter := openRoom(t, ts.Server)
	base := "ws" + strings.TrimPrefix(ts.URL, "http")
	pres, _, err := websocket.Dial(ctx, base+"/room/ws?role=presenter&code="+code, &websocket.DialOptions{HTTPHeader: http.Header{"Cookie": {presenter.String()}}})
	if err != nil {
		t.Fatal(err)
	}
	defer pres.CloseNow()
	poll := openThreadPoll(ctx, t, pres)

	var open []*websocket.Conn
	defer func() {
		for _, c := range open {
			c.CloseNow()
		}
	}()
	joined, refused, votesRefused := 0, 0, 0
	for i := range students {
		h := http.Header{"Cookie": {site.BrowserCookie + "=" + fmt.Sprintf("%052d", i)}}
		c, resp, err := websocket.Dial(ctx, base+"/room/ws?role=student&code="+code, &websocket.DialOptions{HTTPHeader: h})
		if err != nil {
			if resp == nil || resp.StatusCode != http.StatusTooManyRequests {
				t.Fatalf("made-up student %d: %v; want it joined or refused with 429", i+1, err)
			}
			refused++
			continue
		}
		open = append(open, c)
		joined++
		until(ctx, t, c, "welcome")
		send(ctx, t, c, fmt.Sprintf(`{"v":1,"type":"vote","poll":%d,"option":0}`, poll))
		if e := until(ctx, t, c, "error"); strings.Contains(e.Message, "vote") {
			votesRefused++
		}
	}
	if joined >= DefaultSocketsPerClient || votesRefused != joined {
		t.Errorf("%d made-up students: %d joined, %d of their votes refused; want fewer than %d joined and every vote refused", students, joined, votesRefused, DefaultSocketsPerClient)
	}

	honest := fromAddress("127.0.0.2")
	cookie := signedBrowser(t, honest, ts.URL)
	stu, _, err := websocket.Dial(ctx, base+"/room/ws?role=student&code="+code, &websocket.DialOptions{HTTPClient: honest, HTTPHeader: http.Header{"Cookie": {cookie.String()}}})
	if err != nil {
		t.Fatalf("an honest student at another address: %v", err)
	}
	defer stu.CloseNow()
	until(ctx, t, stu, "welcome")
	send(ctx, t, stu, fmt.Sprintf(`{"v":1,"type":"vote","poll":%d,"option":1}`, poll))
	for {
		ev := until(ctx, t, pres, "tally")
		if ev.Tally == nil || ev.Tally.Votes == 0 {
			continue
		}
		if ev.Tally.Votes != 1 {
			t.Errorf("the tally after the attack and one honest vote: %d votes; want 1", ev.Tally.Votes)
		}
		break
	}
	t.Logf("%d made-up students at one address: %d joined, %d refused with 429, %d votes refused; the honest student's vote is the tally's one", students, joined, refused, votesRefused)
}

// TestAttackWrongCodes: a script at one address asks for 1,000 wrong room
// codes as fast as it can (for 20 s at most). After its first ten it is
// told to wait (429) and nothing is looked up; another address is sent
// to the room with the right code meanwhile.
func TestAttackWrongCodes(t *testing.T) {
	attacks(t)
	const tries = 1000
	ts := newTestHTTP(t, Config{})
	code, _ := openRoom(t, ts.Server)
	attacker := fromAddress("127.0.0.1")
	end := time.Now().Add(20 * time.Second)
	status := map[int]int{}
	n := 0
	for ; n < tries && time.Now().Before(end); n++ {
		resp, err := attacker.Get(fmt.Sprintf("%s/room?code=ZZZZZZ%02d", ts.URL, 22+n%70))
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		status[resp.StatusCode]++
	}
	other := fromAddress("127.0.0.2")
	resp, err := other.Get(ts.URL + "/room?code=" + code)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	t.Logf("%d wrong codes from one address: %d looked up (404), %d told to wait (429); another address with the right code: %s", n, status[http.StatusNotFound], status[http.StatusTooManyRequests], resp.Status)
	// Ten free tries, then one after 1 s, 2 s, 4 s...: within 20 s a few more.
	if status[http.StatusNotFound] > 15 || status[http.StatusNotFound]+status[http.StatusTooManyRequests] != n {
		t.Errorf("wrong codes from one address: %v; want at most 15 looked up, the rest 429", status)
	}
	if resp.StatusCode != http.StatusSeeOther {
		t.Errorf("another address with the right code during the attack: %s; want the redirect to the room", resp.Status)
	}
}

// labPost posts body to the lab's path as client, with cookie.
func labPost(ctx context.Context, client *http.Client, base, path string, cookie *http.Cookie, body []byte) (int, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+path, strings.NewReader(string(body)))
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Content-Type", "application/json")
	if cookie != nil {
		req.AddCookie(cookie)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	reply, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(reply), nil
}

// TestAttackLabSearches: a script at one address sends six lab searches
// at a time, again and again for 10 s, with its identity or made-up
// ones: at most two run or wait at once (its identity's, and its
// address's alone), the others are refused at once (429); another
// address's Verify, asked five times meanwhile, passes each time, within
// the one search of the attacker's ahead of it and its own.
func TestAttackLabSearches(t *testing.T) {
	attacks(t)
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestHTTP(t, Config{Catalog: cat})
	src, err := fs.ReadFile(examples.FS, "wait_group_fixed.lsp")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]string{"lang": "en", "lesson": "wg-lost-wakeup", "source": string(src)})
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	attacker := fromAddress("127.0.0.1")
	own := signedBrowser(t, attacker, ts.URL)
	end := time.Now().Add(10 * time.Second)
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	for i := range 6 {
		cookie := own
		if i%2 == 1 {
			cookie = &http.Cookie{Name: site.BrowserCookie, Value: fmt.Sprintf("%052d", i)}
		}
		wg.Go(func() {
			for time.Now().Before(end) {
				code, _, err := labPost(ctx, attacker, ts.URL, "/lab/explore", cookie, body)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				codes[code]++
				mu.Unlock()
			}
		})
	}
	other := fromAddress("127.0.0.2")
	cookie := signedBrowser(t, other, ts.URL)
	var took []time.Duration
	for range 5 {
		start := time.Now()
		code, reply, err := labPost(ctx, other, ts.URL, "/lab/explore", cookie, body)
		took = append(took, time.Since(start))
		if err != nil {
			t.Fatal(err)
		}
		if code != http.StatusOK || !strings.Contains(reply, `"passed":true`) {
			t.Errorf("another address's Verify during the attack: %d %.200s; want it passed", code, reply)
		}
		time.Sleep(time.Second)
	}
	wg.Wait()
	slices.Sort(took)
	t.Logf("lab searches from one address, six at a time for 10 s: %v by status; another address's Verify, five times: median %v, slowest %v",
		codes, took[len(took)/2].Round(time.Millisecond), took[len(took)-1].Round(time.Millisecond))
	if codes[http.StatusTooManyRequests] == 0 || codes[http.StatusOK] > codes[http.StatusTooManyRequests] {
		t.Errorf("lab searches from one address, six at a time: %v by status; want most refused with 429", codes)
	}
	if slow := took[len(took)-1]; slow > 45*time.Second {
		t.Errorf("another address's Verify took %v; want it within the search ahead of it and its own (20 s each)", slow)
	}
}

// TestAttackLabChecks: 16 lab checks at once of a 26 KB source from one
// address, again for 10 s, while another address steps a playground
// session every 20 ms: its round trips' p99, before and during, is
// logged. The bound aimed at is 50 ms; on a machine shared with other
// work the p99 measures the machine as much as the server, so the test
// fails past 1 s.
func TestAttackLabChecks(t *testing.T) {
	attacks(t)
	ts := newTestHTTP(t, Config{}) // the test lessons, which the steps load
	src, err := fs.ReadFile(examples.FS, "wait_group_fixed.lsp")
	if err != nil {
		t.Fatal(err)
	}
	big := string(src)
	for len(big) < 26<<10 {
		big += "\n// " + strings.Repeat("padding ", 12)
	}
	body, _ := json.Marshal(map[string]string{"lang": "en", "lesson": "test-wakeup", "source": big})
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()

	other := fromAddress("127.0.0.2")
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/ws", &websocket.DialOptions{HTTPClient: other})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	quiet, err := stepUntil(ctx, c, time.Now().Add(2*time.Second), 20*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}

	attacker := fromAddress("127.0.0.1")
	end := time.Now().Add(10 * time.Second)
	var checks, busy, failed atomic.Int64
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			for time.Now().Before(end) {
				code, reply, err := labPost(ctx, attacker, ts.URL, "/lab/check", nil, body)
				switch {
				case err != nil:
					failed.Add(1)
					return
				case code == http.StatusServiceUnavailable:
					busy.Add(1)
				case code != http.StatusOK:
					t.Errorf("a lab check: %d %.200s", code, reply)
					return
				}
				checks.Add(1)
			}
		})
	}
	loaded, err := stepUntil(ctx, c, end, 20*time.Millisecond)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	q, l := p99(quiet), p99(loaded)
	t.Logf("16 lab checks at once of a %d-byte source from one address, for 10 s: %d answered (%d busy, %d failed); another address's step p99 %v before, %v during (%d steps)", len(big), checks.Load(), busy.Load(), failed.Load(), q, l, len(loaded))
	if l > time.Second {
		t.Errorf("another address's step p99 during the checks: %v; want under 1 s (50 ms on an unshared machine)", l)
	}
}
