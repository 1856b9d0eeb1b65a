package web_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"lockstep/scenarios"
	"lockstep/web"
)

// TestSearchQueueInBrowser: while another client's search holds the
// server's one search slot, a page's "Verify" waits in the queue and the
// page says how many searches are ahead of it; when the other search ends,
// the page's runs to its verdict.
func TestSearchQueueInBrowser(t *testing.T) {
	t.Parallel()
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := web.NewServer(web.Config{Catalog: cat, SearchSlots: 1, TrustForwardedFor: true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	b := newBrowserOf(t, &ts.URL)

	// Another client (by X-Forwarded-For, which this server trusts) runs
	// a long search (over 20 s).
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	other, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/ws",
		&websocket.DialOptions{HTTPHeader: http.Header{"X-Forwarded-For": {"192.0.2.7"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer other.CloseNow()
	other.SetReadLimit(1 << 20)
	for _, frame := range []string{
		`{"v":1,"id":1,"type":"load","lesson":"wg-basic","variant":"fixed","params":{"waiters":12,"workers":13}}`,
		`{"v":1,"id":2,"type":"explore","strategy":"exhaustive"}`,
	} {
		if err := other.Write(ctx, websocket.MessageText, []byte(frame)); err != nil {
			t.Fatal(err)
		}
	}
	for {
		_, data, err := other.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), `"explore-progress"`) {
			break
		}
	}

	p := b.open(t, "/lesson/wg-basic?variant=fixed&lang=en")
	p.click(`#controls button[data-action="explore"]`)
	p.wait(`document.querySelector('#explore-line').dataset.queued === "1"`)
	if got := p.text("#explore-line"); !strings.Contains(got, "1 search ahead of yours") {
		t.Errorf("the explore line says %q; want it to say one search is ahead", got)
	}
	p.shot("explore-queued")
	if err := other.Write(ctx, websocket.MessageText, []byte(`{"v":1,"id":3,"type":"cancel"}`)); err != nil {
		t.Fatal(err)
	}
	// The page's own search, small, then runs and ends with its verdict.
	p.wait(`document.querySelector('#controls .explore').dataset.state === "done"`)
	if got := p.text("#explore-line"); !strings.HasPrefix(got, "verified") {
		t.Errorf("after its turn came, the page's search says %q; want its verdict", got)
	}
	b.checkErrors(t)
}
