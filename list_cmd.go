package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"lockstep/scenarios"
)

// lessonEntry is one lesson as `list --json` prints it.
type lessonEntry struct {
	ID        string   `json:"id"`
	Title     string   `json:"title"`
	Primitive string   `json:"primitive"`
	Variants  []string `json:"variants"`
	Bugs      []string `json:"bugs"`
	Schedules []string `json:"schedules"`
}

// listCmd prints the catalog: an aligned table, or a JSON array with --json.
func listCmd(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "list", "list [--json]")
	asJSON := fs.Bool("json", false, "print a JSON array")
	rest, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usageErrorf("list takes no arguments, got %q", rest[0])
	}
	cat, err := scenarios.Load()
	if err != nil {
		return fmt.Errorf("the embedded catalog: %w", err)
	}
	entries := make([]lessonEntry, 0, len(cat.All()))
	for _, s := range cat.All() {
		en := lessonEntry{ID: s.ID, Title: s.Title.In("en"), Primitive: s.Primitive,
			Variants: s.Variants, Bugs: s.Bugs, Schedules: []string{}}
		if en.Bugs == nil {
			en.Bugs = []string{}
		}
		for _, sc := range s.Schedules {
			en.Schedules = append(en.Schedules, sc.Name)
		}
		entries = append(entries, en)
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(entries)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTITLE\tPRIMITIVE\tVARIANTS")
	for _, en := range entries {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", en.ID, en.Title, en.Primitive, strings.Join(en.Variants, ", "))
	}
	return tw.Flush()
}
