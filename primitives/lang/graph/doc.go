// Package graph is what an operation of a written primitive compiles to,
// and how one step of it runs. An operation is a graph of nodes, each one
// statement's action: an expression to run, a branch, a jump, a suspend, a
// semaphore's acquire, a return or a panic; an access node makes the
// step's one shared-memory access. Package lang builds the graphs
// (Graph, Frag and Hole are its tools for that) and RunStep runs a step
// over one: from the step's first node until it has made its access and
// reaches the next access node, a suspend, or the end, within a bound on
// the statements run, so that a loop that never touches shared memory
// ends the run with a panic instead of hanging it. PeekMem is the memory
// the facts run on, which reads cells without a step.
//
// It imports the standard library, package primitives (the Mem a step
// runs on) and package syntax (the places in the source a panic names);
// package lang alone imports it.
package graph
