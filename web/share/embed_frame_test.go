package share

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
)

func TestAllowFramingKeepsOtherPolicies(t *testing.T) {
	h := AllowFraming(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	w := httptest.NewRecorder()
	w.Header().Set("X-Frame-Options", "DENY")
	w.Header().Add("Content-Security-Policy", "default-src 'self'")
	w.Header().Add("Content-Security-Policy", frameNone)
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/embed/x", nil))
	got := w.Header().Values("Content-Security-Policy")
	if want := []string{"default-src 'self'", frameAny}; !slices.Equal(got, want) {
		t.Errorf("Content-Security-Policy %q; want %q", got, want)
	}
	if got := w.Header().Values("X-Frame-Options"); len(got) != 0 {
		t.Errorf("X-Frame-Options %q; want none", got)
	}
}
