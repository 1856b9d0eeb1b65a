package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	os.Exit(report(os.Stderr, err))
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
		{name: "explore", usage: exploreUsage, summary: "search every execution of a lesson for bugs", run: exploreCmd},
		{name: "verify", usage: verifyUsage, summary: "grade a written primitive: the explorer must verify it on the lesson", run: verifyCmd},
	}
}

// env is what a command may use of the outside world.
type env struct {
	stdout, stderr io.Writer
	getenv         func(string) string
}

// run dispatches args to a subcommand, or serves the playground when the
// first argument is not a subcommand's name. It returns a usageError for
// bad input.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	e := &env{stdout: stdout, stderr: stderr, getenv: getenv}
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		for _, c := range commands() {
			if c.name == args[0] {
				return c.run(ctx, e, args[1:])
			}
		}
		if args[0] == "help" {
			printHelp(stdout)
			return nil
		}
		return usageErrorf("unknown subcommand %q (run %q for help)", args[0], "lockstep help")
	}
	return serveCmd(ctx, e, args)
}

// printHelp lists the subcommands.
func printHelp(w io.Writer) {
	fmt.Fprintln(w, "usage:")
	fmt.Fprintln(w, "  lockstep [--addr HOST:PORT] [--dev] [--data DIR] [--trust-proxy]")
	fmt.Fprintln(w, "      serve the playground")
	for _, c := range commands() {
		fmt.Fprintf(w, "  lockstep %s\n      %s\n", c.usage, c.summary)
	}
}

// report prints err, if any, and returns the exit status it calls for.
func report(w io.Writer, err error) int {
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return 0
	}
	fmt.Fprintln(w, "lockstep:", err)
	var ue *usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}
