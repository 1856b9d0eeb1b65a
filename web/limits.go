package web

import (
	"context"
	"fmt"
	"net/http"

	"lockstep/web/site"
)

// Limits of a request that hold on every route.
const (
	// MaxRequestURI bounds a request's path and query. The longest URL
	// the site makes is a link carrying a lesson written in the browser:
	// its src (share's bound, about 11 KB) and a query of at most 8 KiB.
	MaxRequestURI = 24 << 10
	// MaxHeader bounds a request's header fields, names and values
	// together: a browser sends a few KB (its cookies the most of it).
	// The server's own bound (net/http's MaxHeaderBytes, 1 MiB) is far
	// above, so that past MaxHeader the answer is this site's 431, with
	// its security headers, not net/http's bare one.
	MaxHeader = 64 << 10
	// DefaultSocketsPerClient is how many WebSockets, the playground's
	// and the rooms' together, one client (site.Client: a browser at an
	// address, or an address alone for a request without the browser
	// cookie) may hold open at once.
	DefaultSocketsPerClient = 32
	// DefaultSocketsPerAddress is how many WebSockets all the clients at
	// one address may hold open at once: a classroom behind one NAT
	// address is one address. It fits a full room at the default student
	// limit (lecture.DefaultMaxStudents, 300), each student's page holding
	// the room's socket and the playground's, with the presenter's two
	// and room to spare.
	DefaultSocketsPerAddress = 640
)

// capURL answers 414 to a request whose URL is longer than MaxRequestURI,
// before any handler reads it. The page neither echoes the URL nor links
// to it in the other language.
func capURL(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n := len(r.RequestURI); n > MaxRequestURI {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusRequestURITooLong)
			fmt.Fprintf(w, "This address is too long: it has %d bytes, and at most %d are read.\n"+
				"这个地址太长了：它有 %d 字节，最多只读取 %d 字节。\n", n, MaxRequestURI, n, MaxRequestURI)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// capHeaders answers 431 to a request whose header fields are larger
// than MaxHeader, before any handler reads them.
func capHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := 0
		for k, vs := range r.Header {
			for _, v := range vs {
				n += len(k) + len(v) + 4 // ": " and CRLF
			}
		}
		if n > MaxHeader {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Set("Connection", "close")
			w.WriteHeader(http.StatusRequestHeaderFieldsTooLarge)
			fmt.Fprintf(w, "This request's headers are too large: %d bytes, and at most %d are read. Clearing this site's cookies may help.\n"+
				"这个请求的头部太大了：%d 字节，最多只读取 %d 字节。清除本站的 cookie 也许有用。\n", n, MaxHeader, n, MaxHeader)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// tooManySockets is what a client over its WebSocket quota is told.
func tooManySockets(limit int) error {
	return site.Refusal(http.StatusTooManyRequests, site.Phrase{
		fmt.Sprintf("You have %d connections to this server open, the most one client may have: close some of its tabs and reload this one.", limit),
		fmt.Sprintf("你已经打开了 %d 个到本服务器的连接，这是一个客户端最多能打开的数量：请关闭一些标签页，再重新加载本页。", limit),
	}, nil)
}

// tooManyFromAddress is what a client is told when its address holds as
// many WebSockets as one address may.
func tooManyFromAddress(limit int) error {
	return site.Refusal(http.StatusTooManyRequests, site.Phrase{
		fmt.Sprintf("Your network has %d connections to this server open, the most one address may have: try again in a while, or ask the server's operator to raise the limit (--sockets-per-address).", limit),
		fmt.Sprintf("你所在的网络已经打开了 %d 个到本服务器的连接，这是一个地址最多能打开的数量：请稍后再试，或者请服务器的管理员提高这个上限（--sockets-per-address）。", limit),
	}, nil)
}

// limitSockets counts the WebSockets each client, and each address, holds
// open through h, and refuses one over either quota with 429 before the
// upgrade.
func (s *Server) limitSockets(h site.HandlerFunc) site.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		c := site.ClientOf(r)
		release, ok := s.sockets.Acquire(c.Key())
		if !ok {
			return tooManySockets(s.sockets.Limit)
		}
		defer release()
		releaseAddr, ok := s.addrSockets.Acquire(c.Addr)
		if !ok {
			return tooManyFromAddress(s.addrSockets.Limit)
		}
		defer releaseAddr()
		s.open.Add(1)
		defer s.open.Done()
		return h(w, r)
	}
}

// Drain waits until every WebSocket has closed, or ctx ends. A server
// that shuts down ends its sockets' sessions through the requests' base
// context (http.Server.BaseContext); each then sends its client a close
// frame, going away, which Drain lets finish.
func (s *Server) Drain(ctx context.Context) error {
	done := make(chan struct{})
	go func() {
		s.open.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("WebSockets still open: %w", ctx.Err())
	}
}
