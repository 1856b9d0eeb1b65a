// Package searchqueue is the line that the playground's searches (find
// the bug, verify, a challenge's reach checks) and the lab's wait in: a
// few run at once, one per client at most, and addresses take turns, so
// that a classroom behind one address, or a script, cannot push everyone
// else back.
//
// It knows nothing of searches themselves, nor of HTTP: a client is a
// site.Client, and a Ticket says when its search may run and how many wait
// ahead of it. It imports the standard library and lockstep/web/site.
package searchqueue
