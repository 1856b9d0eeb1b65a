package primitives

// The algorithms of operations that call others: when_all's co_await
// runs the latch's wait, and the condition variable and the channel of
// lockstep/primitives/composed run the mutex's lock and unlock. Each
// listing writes the operation's own lines, then the body of each call it
// makes, indented one level, in the order the code reaches them. A label
// is listed once, where it first appears: a step shows on that line
// wherever the call that runs it comes from.

// Listing joins the parts of an algorithm, keeping the first line of each
// label.
func Listing(parts ...[]Line) []Line {
	seen := map[int]bool{}
	var out []Line
	for _, p := range parts {
		for _, l := range p {
			if !seen[l.Label] {
				seen[l.Label] = true
				out = append(out, l)
			}
		}
	}
	return out
}

// LockLines are co_await mtx.lock()'s lines (LockMutex).
func LockLines() []Line { return Lines(nil, M1a, M1b, M2a, M2b, M3, M4a, M4b, M5) }

// coAwaitLines are the parent's co_await on when_all: the latch's wait,
// then the awaitable's destructor.
func (w *WhenAll) coAwaitLines() []Line {
	end := WD1
	if w.Fixed {
		end = WF1
	}
	return Listing(w.ev.waitLines(), Lines(nil, end))
}
