// Package templates renders the playground's HTML pages from view models:
// plain structs defined here, filled by the web packages. Components are
// pure functions of their view model; they call nothing and import nothing
// from the rest of the project.
//
// It imports templ and the standard library: no package under lockstep/web
// (deps_test.go at the module root checks it).
package templates
