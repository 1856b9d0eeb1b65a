package site

import (
	"context"
	"net"
	"net/http"
	"strings"
	"sync"
)

// A client is who the per-client limits count: the remote address of a
// request, without its port. Behind a reverse proxy every request comes
// from the proxy's address, so a server there trusts the proxy's
// X-Forwarded-For instead (Clients.TrustForwardedFor): its last entry is
// the address the proxy saw. A server that is reached directly must not
// trust it, since any client can send the header.

// Clients names the client of a request.
type Clients struct {
	// TrustForwardedFor takes the client from the last address of
	// X-Forwarded-For, when the request has one.
	TrustForwardedFor bool
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
func (cs Clients) of(r *http.Request) string {
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
// remote host.
func ClientOf(r *http.Request) string {
	if c, ok := r.Context().Value(clientKey{}).(string); ok {
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
