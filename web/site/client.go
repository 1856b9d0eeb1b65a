package site

import (
	"context"
	"net"
	"net/http"
	"strings"
	"sync"
)

// A client is who the per-client limits count: the remote address of a
// request, without its port, and the browser the request comes from
// when it says (BrowserCookie). Behind a reverse proxy every request
// comes from the proxy's address, so a server there trusts the proxy's
// X-Forwarded-For instead (Clients.TrustForwardedFor): its last entry is
// the address the proxy saw. A server that is reached directly must not
// trust it, since any client can send the header.
//
// A classroom behind one NAT address is many browsers at one address:
// each browser is a client of its own (Client.Key), and the address as a
// whole has a larger ceiling of its own, which the server sets. A request
// without the cookie (a script, most often) is counted by its address
// alone. Since a script can make up cookies, the address's ceiling is
// what bounds it.

// A Client names who a request comes from.
type Client struct {
	// Addr is the request's address (see TrustForwardedFor).
	Addr string
	// Browser is its browser's identity, or "" when it sent none.
	Browser string
}

// Key is the name a per-client limit counts the client by: the address
// and the browser, or the address alone for a request without a browser.
func (c Client) Key() string {
	if c.Browser == "" {
		return c.Addr
	}
	return c.Addr + " " + c.Browser
}

// Clients names the client of a request.
type Clients struct {
	// TrustForwardedFor takes the client's address from the last address
	// of X-Forwarded-For, when the request has one.
	TrustForwardedFor bool
	// Browsers checks the browser's identity a request carries; without
	// it no request names a browser.
	Browsers *Browsers
}

// clientKey is the context key of a request's client.
type clientKey struct{}

// Identify is middleware that names the client of every request, for
// ClientOf.
func (cs Clients) Identify(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := context.WithValue(r.Context(), clientKey{}, cs.of(r))
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// of is the client of r.
func (cs Clients) of(r *http.Request) Client {
	return Client{Addr: cs.addr(r), Browser: cs.Browsers.Of(r)}
}

// addr is the address of r.
func (cs Clients) addr(r *http.Request) string {
	if cs.TrustForwardedFor {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			all := xff[len(xff)-1]
			last := strings.TrimSpace(all[strings.LastIndexByte(all, ',')+1:])
			if ip := net.ParseIP(last); ip != nil {
				return ip.String()
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// ClientOf is the client Identify named for r; without Identify, r's
// remote host, and no browser.
func ClientOf(r *http.Request) Client {
	if c, ok := r.Context().Value(clientKey{}).(Client); ok {
		return c
	}
	return Clients{}.of(r)
}

// A Quota counts what each client holds of something (sockets, say) and
// refuses a client more than Limit at once. It is safe for concurrent use.
type Quota struct {
	Limit int

	mu   sync.Mutex
	held map[string]int
}

// Acquire takes one for client and returns the function that gives it
// back (once; later calls do nothing), or ok false when client already
// holds Limit.
func (q *Quota) Acquire(client string) (release func(), ok bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.held == nil {
		q.held = map[string]int{}
	}
	if q.held[client] >= q.Limit {
		return nil, false
	}
	q.held[client]++
	var once sync.Once
	return func() { once.Do(func() { q.give(client) }) }, true
}

// give returns one of client's.
func (q *Quota) give(client string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.held[client]--; q.held[client] <= 0 {
		delete(q.held, client)
	}
}

// Held is what client holds now.
func (q *Quota) Held(client string) int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.held[client]
}
