// Package site holds what every handler of the Lockstep site shares,
// whichever package serves it: the error a handler returns and the error
// page it becomes (Error, NotFound, BadRequest, and Pages.Handle, the
// adapter from HandlerFunc to http.Handler), the language of a request
// (ResolveLang), the chrome of a page and its rendering (Pages), texts in
// both languages (Phrase, and Refusal, an error said in both), the lessons
// handlers look up (Lessons), and who a request's client is, for the
// per-client limits: its address and its browser's identity, a cookie
// every page sets (Clients, ClientOf, Client, Browsers, which signs
// the identities it gives, Quota, Limiter).
//
// It is the bottom of the web packages but one: it imports templates,
// scenarios and, for the words of a message that is not JSON
// (JSONProblemIn), the wire vocabulary web/playground/protocol, which
// imports no web package. Every other web package may import it:
//
//	web                  (server, routes: the wiring)
//	 ├─ web/lab          → web/share, web/playground (and its search queue), web/site
//	 ├─ web/share        → web/playground, web/site
//	 ├─ web/classroom    → web/classroom/lecture, web/playground, web/site
//	 ├─ web/playground   → web/site
//	 ├─ web/docs         → web/site at most
//	 └─ web/site         → templates, scenarios, web/playground/protocol
//
// deps_test.go at the module root holds this table and fails on an import
// it does not allow.
package site
