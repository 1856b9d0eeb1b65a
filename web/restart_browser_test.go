package web_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"lockstep/scenarios"
	"lockstep/web"
)

// TestRoomPagesFollowARestart runs a lecture in the browser, restarts the
// server on the same room file and port as the command does on SIGTERM,
// and checks that the presenter's and the student's pages reconnect on
// their own, at the same step, and that the student follows the
// presenter on.
func TestRoomPagesFollowARestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	stop := serveRooms(t, ln, dir)
	base := "http://" + addr
	b := newBrowserOf(t, &base)
	code, token := openRoom(t, base, "wg-lost-wakeup")
	pres := b.open(t, "/room/"+code+"/present?lesson=wg-lost-wakeup&token="+url.QueryEscape(token))
	pres.wait(`document.querySelector('#room').dataset.welcomed === "true"`)
	stu := b.open(t, "/room/"+code, chromedp.WithNewBrowserContext())
	stu.wait(`document.querySelector('#room').dataset.following === "true"`)
	for i := range 3 {
		pres.click(`button.thread[data-thread="W1"]`)
		pres.waitPosition(i + 1)
		stu.waitPosition(i + 1)
	}

	stop()
	stu.wait(`document.querySelector('#room').dataset.connection !== "open"`)
	ln, err = net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("listen again on %s: %v", addr, err)
	}
	serveRooms(t, ln, dir)
	for _, p := range []*page{pres, stu} {
		p.wait(`document.querySelector('#room').dataset.connection === "open"`)
		p.waitPosition(3)
	}
	stu.wait(`document.querySelector('#room').dataset.following === "true"`)
	pres.click(`button.thread[data-thread="W1"]`)
	pres.waitPosition(4)
	stu.waitPosition(4)
	b.checkErrors(t)
}

// serveRooms serves the site on ln with its rooms kept in dir, and returns
// the function that stops it as the command does: the rooms written, the
// sockets closed with 1001, the listener closed.
func serveRooms(t *testing.T, ln net.Listener, dir string) (stop func()) {
	t.Helper()
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := web.NewServer(web.Config{Catalog: cat, DataDir: dir, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	base, end := context.WithCancel(context.Background())
	hs := &http.Server{Handler: srv.Handler(), BaseContext: func(net.Listener) context.Context { return base }}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	stopped := false
	stop = func() {
		if stopped {
			return
		}
		stopped = true
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Close(); err != nil {
			t.Error(err)
		}
		end()
		if err := hs.Shutdown(ctx); err != nil {
			t.Error(err)
		}
		if err := srv.Drain(ctx); err != nil {
			t.Error(err)
		}
		if err := <-served; !errors.Is(err, http.ErrServerClosed) {
			t.Error(err)
		}
	}
	t.Cleanup(stop)
	return stop
}
