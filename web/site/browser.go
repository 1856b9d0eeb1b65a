package site

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"net/http"
	"time"
)

// BrowserCookie names the cookie that holds a browser's identity. Every
// page sets it when the browser has none (Pages.Render): it is HttpOnly,
// SameSite=Lax, for the whole site, and kept for a year.
const BrowserCookie = "lockstep_browser"

// browserCookieAge is how long a browser keeps its identity.
const browserCookieAge = 365 * 24 * time.Hour

// KeySize is the size of the key Browsers sign with.
const KeySize = 32

// Browsers gives browsers their identities and checks the ones requests
// carry. An identity is 26 random letters and digits (crypto/rand.Text,
// 128 bits) followed by 26 more, the first 128 bits of its HMAC-SHA256
// under the server's key: without the key no one can make one up, so
// whatever the limits count by browser (seats, votes, reports, searches)
// a script gets only as many of as the server gave it identities. New
// identities are given to each address at the pace of Issue. It is safe
// for concurrent use.
type Browsers struct {
	key []byte
	// Issue bounds the new identities given to each address; nil gives
	// every browser that asks one.
	Issue *Limiter
}

// NewBrowsers returns the Browsers of key (KeySize bytes, kept by the
// server so that identities outlive a restart), giving new identities at
// the pace of issue (nil: no bound).
func NewBrowsers(key []byte, issue *Limiter) *Browsers {
	return &Browsers{key: key, Issue: issue}
}

// NewKey returns a random key for NewBrowsers.
func NewKey() []byte {
	k := make([]byte, KeySize)
	rand.Read(k)
	return k
}

// idLen is the length of the random part of an identity.
const idLen = 26

// sign is the signature of id under b's key, in the letters of rand.Text.
func (b *Browsers) sign(id string) string {
	mac := hmac.New(sha256.New, b.key)
	mac.Write([]byte(id))
	return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(mac.Sum(nil)[:16])
}

// Of is the identity of r's browser, or "" when r carries none, or one
// b did not sign (or b is nil).
func (b *Browsers) Of(r *http.Request) string {
	if b == nil {
		return ""
	}
	c, err := r.Cookie(BrowserCookie)
	if err != nil || len(c.Value) != 2*idLen {
		return ""
	}
	id, sig := c.Value[:idLen], c.Value[idLen:]
	if !hmac.Equal([]byte(sig), []byte(b.sign(id))) {
		return ""
	}
	return c.Value
}

// Ensure gives r's browser an identity when it has none that b signed,
// unless r's address has had its share of new ones (Issue): that browser
// is then counted by its address alone until a later page gives it one.
func (b *Browsers) Ensure(w http.ResponseWriter, r *http.Request) {
	if b == nil || b.Of(r) != "" {
		return
	}
	if b.Issue != nil && !b.Issue.Allow(ClientOf(r).Addr) {
		return
	}
	id := rand.Text()
	http.SetCookie(w, &http.Cookie{
		Name: BrowserCookie, Value: id + b.sign(id), Path: "/",
		MaxAge: int(browserCookieAge / time.Second), HttpOnly: true, SameSite: http.SameSiteLaxMode,
	})
}
