// Package trace records one execution of a program step by step, with the
// state after each step, and prints it for people (WriteText, aligned
// columns in English or Chinese) or for programs (WriteJSON, whose field
// names are the WebSocket protocol's). The words come from package words.
//
// trace imports the standard library and lockstep/sim/... only.
package trace
