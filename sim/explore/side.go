package explore

import (
	"context"
	"slices"
)

// A side search runs on a goroutine of its own while the calling
// goroutine searches too (see Options.Workers). It shares nothing with the
// search that started it: its own options, models, state cache and
// machines. Its result is the same as if it had run alone, so that a
// search's result never depends on the number of workers; only when the
// result is not needed is it stopped.
type side[T any] struct {
	cancel   context.CancelFunc
	done     chan T
	progress chan Progress // the side's latest progress, not yet relayed
}

// spawn starts f as a side search under a context of its own, derived
// from ctx, with a copy of o that has one worker fewer and that reports
// progress to the side (see wait).
func spawn[T any](ctx context.Context, o *Options, f func(context.Context, *Options) T) *side[T] {
	ctx, cancel := context.WithCancel(ctx)
	s := &side[T]{cancel: cancel, done: make(chan T, 1), progress: make(chan Progress, 1)}
	so := *o
	so.Workers, so.onBug = max(1, o.Workers-1), nil
	if o.Progress != nil {
		so.Progress = func(p Progress) {
			p.Found = slices.Clone(p.Found)
			// The side goroutine is the only sender: once the stale
			// progress is dropped, the send cannot block.
			select {
			case <-s.progress:
			default:
			}
			s.progress <- p
		}
	}
	go func() { s.done <- f(ctx, &so) }()
	return s
}

// wait returns the side search's result, meanwhile relaying its progress
// to o.Progress on the calling goroutine, so that a caller's Progress is
// never called from two goroutines.
func (s *side[T]) wait(o *Options) T {
	for {
		select {
		case r := <-s.done:
			s.cancel()
			return r
		case p := <-s.progress:
			if o.Progress != nil {
				o.Progress(p)
			}
		}
	}
}

// stop cancels the side search and waits for its goroutine to return.
func (s *side[T]) stop() {
	s.cancel()
	<-s.done
}
