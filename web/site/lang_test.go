package site

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
)

func TestResolveLang(t *testing.T) {
	tests := []struct {
		name       string
		query      string // the URL's query
		cookie     string // the lang cookie's value, "" for none
		accept     string // Accept-Language
		want       Lang
		wantCookie string // the cookie set on the response, "" for none
	}{
		{name: "nothing", want: English},
		{name: "accept zh-CN", accept: "zh-CN,zh;q=0.9,en;q=0.8", want: Chinese},
		{name: "accept zh-Hant-TW", accept: "zh-Hant-TW", want: Chinese},
		{name: "accept en first", accept: "en-US,en;q=0.9,zh-CN;q=0.8", want: English},
		{name: "accept unknown only", accept: "fr-FR,de;q=0.5", want: English},
		{name: "accept unknown then zh", accept: "fr-FR, zh;q=0.5", want: Chinese},
		{name: "accept weights beat order", accept: "en;q=0.3, zh-CN;q=0.7", want: Chinese},
		{name: "accept zh refused", accept: "zh;q=0, fr", want: English},
		{name: "accept wildcard", accept: "*", want: English},
		{name: "accept malformed", accept: ";;,=,zh;q=", want: Chinese},
		{name: "cookie zh", cookie: "zh", want: Chinese},
		{name: "cookie beats accept", cookie: "en", accept: "zh-CN", want: English},
		{name: "bad cookie ignored", cookie: "klingon", accept: "zh", want: Chinese},
		{name: "query zh", query: "lang=zh", want: Chinese, wantCookie: "zh"},
		{name: "query beats cookie", query: "lang=en", cookie: "zh", want: English, wantCookie: "en"},
		{name: "query beats accept", query: "lang=zh-CN", accept: "en", want: Chinese, wantCookie: "zh"},
		{name: "bad query ignored", query: "lang=xx", cookie: "zh", want: Chinese},
		{name: "empty query ignored", query: "lang=", accept: "zh", want: Chinese},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/docs?"+tt.query, nil)
			if tt.cookie != "" {
				r.AddCookie(&http.Cookie{Name: LangCookie, Value: tt.cookie})
			}
			if tt.accept != "" {
				r.Header.Set("Accept-Language", tt.accept)
			}
			w := httptest.NewRecorder()
			if got := ResolveLang(w, r); got != tt.want {
				t.Errorf("ResolveLang = %q; want %q", got, tt.want)
			}
			checkLangCookie(t, w.Result(), tt.wantCookie)
			if vary := w.Header().Values("Vary"); !slices.Contains(vary, "Accept-Language") || !slices.Contains(vary, "Cookie") {
				t.Errorf("Vary = %q; want Accept-Language and Cookie", vary)
			}
		})
	}
}

// checkLangCookie checks the lang cookie set on res: none when want is "",
// else one with value want, site-wide and SameSite=Lax.
func checkLangCookie(t *testing.T, res *http.Response, want string) {
	t.Helper()
	var got *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == LangCookie {
			got = c
		}
	}
	switch {
	case want == "" && got != nil:
		t.Errorf("set cookie %q; want none", got.String())
	case want == "":
	case got == nil:
		t.Errorf("no %s cookie; want %q", LangCookie, want)
	case got.Value != want || got.Path != "/" || got.SameSite != http.SameSiteLaxMode || got.MaxAge <= 0:
		t.Errorf("cookie %q; want value %q, Path=/, SameSite=Lax, a positive Max-Age", got.String(), want)
	}
}

func TestParseLang(t *testing.T) {
	tests := []struct {
		in     string
		want   Lang
		wantOK bool
	}{
		{"en", English, true},
		{"EN", English, true},
		{"en_GB", English, true},
		{" zh-cn ", Chinese, true},
		{"zh-Hans", Chinese, true},
		{"zh", Chinese, true},
		{"", "", false},
		{"english", "", false},
		{"z", "", false},
	}
	for _, tt := range tests {
		got, ok := ParseLang(tt.in)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("ParseLang(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.wantOK)
		}
	}
}
