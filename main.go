// Command lockstep serves the Lockstep playground, or runs one of its
// subcommands on a lesson from the command line:
//
//	lockstep [--addr HOST:PORT] [--dev] [--data DIR] [--trust-proxy] [--sockets-per-address N]
//	                                        serve the playground (main.go)
//	lockstep list [--json]                  list the lessons (cli.go)
//	lockstep run LESSON [flags]             replay one execution and print it (lessons_cmd.go)
//	lockstep check [FILE|ID]...             replay every named schedule against its expectation (lessons_cmd.go)
//	lockstep explore LESSON [flags]         search a lesson's executions for bugs (explore_cmd.go)
//	lockstep verify LESSON --primitive F    grade a written primitive (verify_cmd.go)
//
// The exit status is 0 when the command completed (whatever outcome a run
// reached), 2 on bad input (an unknown subcommand, flag, lesson or variant,
// a bad schedule or --set), and 1 on any other failure.
//
// The command is the top of the module: it wires scenarios, sim, its
// search and its words, and web together, and nothing imports it. This
// file is its package documentation, main and the server; cli.go holds
// what the subcommands share, and list; lessons_cmd.go run and check;
// explore_cmd.go explore; verify_cmd.go verify.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"lockstep/scenarios"
	"lockstep/sim/explore"
	"lockstep/web"
)

func main() {
	ctx, stop := interruptible(context.Background())
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	os.Exit(report(os.Stderr, err))
}

// interruptible returns a context that SIGINT or SIGTERM cancels, with an
// interrupted error naming the signal as its cause. After the first
// signal the process no longer catches them: a second one ends it at once.
func interruptible(parent context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(parent)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-sigs:
			signal.Stop(sigs)
			cancel(&interrupted{sig: sig})
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel(nil)
	}
}

// interrupted is the cause of a command's end by a signal: the binary
// exits with 128 plus the signal's number, as shells report it (130 for
// SIGINT, 143 for SIGTERM).
type interrupted struct{ sig os.Signal }

func (e *interrupted) Error() string { return "interrupted by " + signalName(e.sig) }

// status is the exit status a shell gives a command the signal ended.
func (e *interrupted) status() int {
	if n, ok := e.sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 130
}

// signalName is SIGINT or SIGTERM.
func signalName(s os.Signal) string {
	if s == syscall.SIGTERM {
		return "SIGTERM"
	}
	return "SIGINT"
}

// interruption is the interrupted error ctx was cancelled with, or nil.
func interruption(ctx context.Context) *interrupted {
	var in *interrupted
	if errors.As(context.Cause(ctx), &in) {
		return in
	}
	return nil
}

// A command is one subcommand of the binary.
type command struct {
	name    string
	usage   string // the synopsis after the binary's name
	summary string
	run     func(ctx context.Context, e *env, args []string) error
}

// commands is the dispatch table, in the order help lists it. One line
// adds a subcommand.
func commands() []command {
	return []command{
		{name: "list", usage: "list [--json]", summary: "list the lessons", run: listCmd},
		{name: "run", usage: runUsage, summary: "replay one execution of a lesson and print every step", run: runCmd},
		{name: "check", usage: checkUsage, summary: "replay every named schedule of lessons and compare it with its expected outcome", run: checkCmd},
		{name: "explore", usage: exploreUsage, summary: "search every execution of a lesson for bugs", run: exploreCmd},
		{name: "verify", usage: verifyUsage, summary: "grade a written primitive: the explorer must verify it on the lesson", run: verifyCmd},
		{name: "version", usage: "version", summary: "print the version this binary was built from", run: versionCmd},
		{name: "help", usage: "help [COMMAND]", summary: "list the commands, or print one command's flags (as lockstep COMMAND --help)", run: helpCmd},
	}
}

// serveUsage is the synopsis of serving, the command without a name.
const serveUsage = "[--addr HOST:PORT] [--dev] [--data DIR] [--trust-proxy] [--sockets-per-address N] [--search-workers N] [--search-memory MB]"

// env is what a command may use of the outside world.
type env struct {
	stdout, stderr io.Writer
	getenv         func(string) string
	// buildInfo is debug.ReadBuildInfo, or a test's stand-in.
	buildInfo func() (*debug.BuildInfo, bool)
}

// run dispatches args to a subcommand, or serves the playground when the
// first argument is not a subcommand's name. It returns a usageError for
// bad input.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	e := &env{stdout: stdout, stderr: stderr, getenv: getenv, buildInfo: debug.ReadBuildInfo}
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		for _, c := range commands() {
			if c.name == args[0] {
				return c.run(ctx, e, args[1:])
			}
		}
		if args[0] == "serve" { // the command without a name, named
			return serveCmd(ctx, e, args[1:])
		}
		return usageErrorf("unknown command %q%s (lockstep help lists the commands)", args[0], didYouMean(args[0], commandNames(), ""))
	}
	return serveCmd(ctx, e, args)
}

// commandNames is the names of the subcommands.
func commandNames() []string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return names
}

// helpCmd lists the commands, or prints one command's usage and flags,
// as that command's --help does.
func helpCmd(ctx context.Context, e *env, args []string) error {
	switch {
	case len(args) == 0:
		printHelp(e.stdout)
		return nil
	case len(args) > 1:
		return usageErrorf("help takes one command, got %q", strings.Join(args, " "))
	case args[0] == "serve":
		return serveCmd(ctx, e, []string{"--help"})
	}
	for _, c := range commands() {
		if c.name == args[0] && c.name != "help" {
			return c.run(ctx, e, []string{"--help"})
		}
	}
	if args[0] == "help" {
		printHelp(e.stdout)
		return nil
	}
	return usageErrorf("help: unknown command %q%s (lockstep help lists the commands)", args[0], didYouMean(args[0], commandNames(), ""))
}

// printHelp lists the subcommands.
func printHelp(w io.Writer) {
	fmt.Fprintln(w, "usage:")
	fmt.Fprintf(w, "  lockstep %s\n", serveUsage)
	fmt.Fprintln(w, "      serve the playground (lockstep help serve lists the flags)")
	for _, c := range commands() {
		fmt.Fprintf(w, "  lockstep %s\n      %s\n", c.usage, c.summary)
	}
	fmt.Fprintln(w, "lockstep help COMMAND, or lockstep COMMAND --help, prints a command's flags.")
}

// report prints err, if any, and returns the exit status it calls for.
func report(w io.Writer, err error) int {
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return 0
	}
	var in *interrupted
	if errors.As(err, &in) {
		fmt.Fprintln(w, "lockstep:", err)
		return in.status()
	}
	fmt.Fprintln(w, "lockstep:", err)
	var ue *usageError
	if errors.As(err, &ue) {
		return 2
	}
	var me *mismatchError
	if errors.As(err, &me) {
		return 3
	}
	return 1
}

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
	fs := newFlagSet(e, "serve", serveUsage+"   (or: lockstep help)")
	addr := fs.String("addr", addrDefault, "address to listen on (env LOCKSTEP_ADDR sets the default)")
	dev := fs.Bool("dev", false, "serve static/ from disk instead of the embedded assets")
	data := fs.String("data", defaultDataDir(e.getenv), `directory of the file that keeps the rooms across restarts ("" keeps them in memory only)`)
	trustProxy := fs.Bool("trust-proxy", false, "count per-client limits by X-Forwarded-For (only behind a reverse proxy that sets it)")
	perAddress := fs.Int("sockets-per-address", web.DefaultSocketsPerAddress, "WebSockets all the browsers at one address may hold open at once (a classroom behind one NAT)")
	connsPerAddress := fs.Int("conns-per-address", web.DefaultConnsPerAddress, "TCP connections one address may hold open at once, WebSockets included (0: no bound; none behind --trust-proxy)")
	searchWorkers := fs.Int("search-workers", 0, "cores each page's search may use (0: the cores shared among the searches that run at once)")
	searchMemory := fs.Int64("search-memory", explore.DefaultMaxMemory>>20, "MB (MiB) of states each search may cache, all its cores together; past it the search stops, incomplete (memory)")
	rest, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usageErrorf("unexpected argument %q", rest[0])
	}

	if err := fs.inRange("sockets-per-address", int64(*perAddress), 1, math.MaxInt32); err != nil {
		return err
	}
	if err := fs.inRange("search-workers", int64(*searchWorkers), 0, maxWorkers); err != nil {
		return err
	}
	cat, err := scenarios.Load()
	if err != nil {
		return fmt.Errorf("the embedded catalog: %w", err)
	}
	logger := slog.New(slog.NewTextHandler(e.stderr, nil))
	if err := fs.inRange("search-memory", int64(*searchMemory), 1, maxSearchMemoryMB); err != nil {
		return err
	}
	cfg := web.Config{Catalog: cat, Logger: logger, DataDir: *data, TrustForwardedFor: *trustProxy, SocketsPerAddress: *perAddress,
		SearchWorkers: *searchWorkers, SearchMemory: *searchMemory << 20}
	if *dev {
		cfg.DevStaticDir = "static"
	}
	srv, err := web.NewServer(cfg)
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", *addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		return fmt.Errorf("%w\n%s is taken, by another server perhaps: serve on another address with --addr HOST:PORT, or set LOCKSTEP_ADDR", err, *addr)
	}
	if err != nil {
		return err
	}
	if *connsPerAddress > 0 && !*trustProxy {
		ln = web.LimitConns(ln, *connsPerAddress)
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
