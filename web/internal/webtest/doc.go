// Package webtest holds what the tests of several web packages share: the
// tests' own lessons (and one that runs a written primitive), whether the
// race detector is on, checks of a response's headers, and a log buffer
// a server and its test may share. Only tests import it; it imports no package under lockstep/web.
package webtest
