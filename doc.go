// Command lockstep serves the Lockstep playground, or runs one of its
// subcommands on a lesson from the command line:
//
//	lockstep [--addr HOST:PORT] [--dev]     serve the playground (serve_cmd.go)
//	lockstep list [--json]                  list the lessons (cli.go)
//	lockstep run LESSON [flags]             replay one execution and print it (run_cmd.go)
//	lockstep explore LESSON [flags]         search a lesson's executions for bugs (explore_cmd.go)
//	lockstep verify LESSON --primitive F    grade a written primitive (verify_cmd.go)
//
// The exit status is 0 when the command completed (whatever outcome a run
// reached), 2 on bad input (an unknown subcommand, flag, lesson or variant,
// a bad schedule or --set), and 1 on any other failure.
//
// The command is the top of the module: it wires scenarios, sim, its
// search and its words, and web together, and nothing imports it.
package main
