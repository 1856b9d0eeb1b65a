package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"lockstep/web/lab"
)

// TestServe starts the playground on a free loopback port named by
// LOCKSTEP_ADDR, fetches two pages, and stops it by cancelling the context,
// as SIGINT does.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	getenv := func(k string) string {
		if k == "LOCKSTEP_ADDR" {
			return "127.0.0.1:0"
		}
		return ""
	}
	pr, pw := io.Pipe()
	var logs bytes.Buffer
	done := make(chan error, 1)
	go func() {
		err := run(ctx, []string{"--dev"}, getenv, pw, &logs)
		pw.Close()
		done <- err
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the URL: %v (run: %v)", err, <-done)
	}
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "Lockstep is serving on ")
	if !ok || !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/") {
		t.Fatalf("first line = %q, want the URL on 127.0.0.1", line)
	}
	client := &http.Client{Timeout: 5 * time.Second}
	for _, path := range []string{"healthz", ""} {
		resp, err := client.Get(url + path)
		if err != nil {
			t.Fatalf("GET /%s: %v", path, err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET /%s = %s, want 200 OK", path, resp.Status)
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("run after cancel = %v, want nil", err)
		}
	case <-time.After(shutdownTimeout + 5*time.Second):
		t.Fatal("the server did not stop after its context was cancelled")
	}
	if !strings.Contains(logs.String(), "shutting down") {
		t.Errorf("log = %q, want it to say it is shutting down", logs.String())
	}
}

// A port already taken is a failure (exit 1), not bad input.
func TestServeAddressInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, errs, status := cli(t, "--addr", ln.Addr().String())
	if status != 1 || !strings.Contains(errs, "address already in use") {
		t.Errorf("serving on a taken port: exit %d, stderr %q; want exit 1 and the listen error", status, errs)
	}
}

// TestLabAnswersBeforeWriteTimeout: the lab's explore request, its wait
// for a search slot included, ends in time for its answer to be written
// before the server's write timeout cuts the connection.
func TestLabAnswersBeforeWriteTimeout(t *testing.T) {
	if margin := writeTimeout - lab.RequestTime; margin < 2*time.Second {
		t.Errorf("lab.RequestTime = %v, the write timeout %v: leave at least 2 s to write the answer", lab.RequestTime, writeTimeout)
	}
}
