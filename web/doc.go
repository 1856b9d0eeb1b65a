// Package web serves the Lockstep site. It is the wiring: NewServer builds
// the handlers of the packages below, each with what it needs in a Config,
// and routes.go routes every URL to one of them. It keeps the site's own
// pages (the catalog, the how-to, the docs, health and not found) and the
// static assets.
//
// The rest is in the packages it imports:
//
//   - web/playground: the WebSocket through which a page drives one
//     deterministic step machine held by the server, and the explorer's
//     searches run from it;
//   - web/share: the lesson page and its deep links, lessons carried in a
//     link, the composer that writes them, and the embed view;
//   - web/lab: the lab, where a primitive is written in Lockstep's
//     language and checked, replayed and verified against a lesson;
//   - web/classroom: the live classroom's pages and socket, over its room
//     model, web/classroom/lecture;
//   - web/docs: the docs' content, whose handler is docs.go here;
//   - web/site: what all of them share, from error pages to the language
//     of a request.
//
// Imports point down only: nothing under lockstep/web imports web, and the
// siblings import each other as site's doc draws it (share and classroom
// import playground, lab imports share and playground; all import site). deps_test.go at the module root
// checks it.
package web
