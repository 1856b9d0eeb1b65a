package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"time"

	"lockstep/scenarios"
	"lockstep/web"
)

// Server limits. A WebSocket is not bound by the read and write timeouts:
// hijacking the connection clears its deadlines.
const (
	defaultAddr     = "127.0.0.1:8080"
	readTimeout     = 10 * time.Second
	writeTimeout    = 30 * time.Second
	idleTimeout     = 2 * time.Minute
	shutdownTimeout = 5 * time.Second
)

// serveCmd serves the playground until ctx is done, then shuts the server
// down gracefully: it stops accepting, ends the WebSocket sessions and
// waits for requests in flight, for shutdownTimeout at most.
func serveCmd(ctx context.Context, e *env, args []string) error {
	addrDefault := defaultAddr
	if a := e.getenv("LOCKSTEP_ADDR"); a != "" {
		addrDefault = a
	}
	fs := newFlagSet(e, "lockstep", "[--addr HOST:PORT] [--dev] [--data DIR] [--trust-proxy]   (or: lockstep help)")
	addr := fs.String("addr", addrDefault, "address to listen on (env LOCKSTEP_ADDR sets the default)")
	dev := fs.Bool("dev", false, "serve static/ from disk instead of the embedded assets")
	data := fs.String("data", defaultDataDir(e.getenv), `directory of the file that keeps the rooms across restarts ("" keeps them in memory only)`)
	trustProxy := fs.Bool("trust-proxy", false, "count per-client limits by X-Forwarded-For (only behind a reverse proxy that sets it)")
	rest, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usageErrorf("unexpected argument %q", rest[0])
	}

	cat, err := scenarios.Load()
	if err != nil {
		return fmt.Errorf("the embedded catalog: %w", err)
	}
	logger := slog.New(slog.NewTextHandler(e.stderr, nil))
	cfg := web.Config{Catalog: cat, Logger: logger, DataDir: *data, TrustForwardedFor: *trustProxy}
	if *dev {
		cfg.DevStaticDir = "static"
	}
	srv, err := web.NewServer(cfg)
	if err != nil {
		return err
	}
	defer srv.Close()
	if *data != "" {
		logger.Info("rooms are kept across restarts", "data", *data)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	base, endSessions := context.WithCancel(context.Background())
	defer endSessions()
	hs := &http.Server{
		Handler:           srv.Handler(),
		ReadTimeout:       readTimeout,
		ReadHeaderTimeout: readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return base },
	}
	hs.RegisterOnShutdown(endSessions)
	fmt.Fprintf(e.stdout, "Lockstep is serving on http://%s/\n", ln.Addr())

	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	// The rooms are written as they are now, before their members'
	// sockets close: those members did not leave, they will reconnect.
	if err := srv.Close(); err != nil {
		logger.Error("the room store", "err", err)
	}
	if err := hs.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	endSessions() // Shutdown starts it; Drain needs it done
	if err := srv.Drain(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// defaultDataDir is where the rooms are kept unless --data says: the
// user's state directory ($XDG_STATE_HOME, else ~/.local/state), under
// lockstep; "" when neither is known.
func defaultDataDir(getenv func(string) string) string {
	if d := getenv("XDG_STATE_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "lockstep")
	}
	if h := getenv("HOME"); filepath.IsAbs(h) {
		return filepath.Join(h, ".local", "state", "lockstep")
	}
	return ""
}
