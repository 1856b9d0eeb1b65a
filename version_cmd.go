package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// versionCmd prints what the binary was built from, as the build info
// records it: the module's version (a tag, or a pseudo-version made of
// the commit's time and hash), the commit and whether the tree had
// uncommitted changes, and the Go toolchain.
func versionCmd(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "version", "version")
	rest, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usageErrorf("version takes no arguments, got %q", rest[0])
	}
	info, ok := e.buildInfo()
	if !ok {
		return fmt.Errorf("this binary carries no build information")
	}
	_, err = fmt.Fprintln(e.stdout, versionLine(info))
	return err
}

// versionLine is "lockstep v1.2.0 (commit 5a63055ab1c2, 2026-12-01T21:56:17Z), go1.26.0 linux/amd64".
func versionLine(info *debug.BuildInfo) string {
	version := info.Main.Version
	if version == "" || version == "(devel)" {
		version = "devel"
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	var vcs []string
	if rev := settings["vcs.revision"]; rev != "" {
		vcs = append(vcs, "commit "+rev[:min(12, len(rev))])
	}
	if t := settings["vcs.time"]; t != "" {
		vcs = append(vcs, t)
	}
	if settings["vcs.modified"] == "true" {
		vcs = append(vcs, "with uncommitted changes")
	}
	line := "lockstep " + version
	if len(vcs) > 0 {
		line += " (" + strings.Join(vcs, ", ") + ")"
	}
	goos, goarch := settings["GOOS"], settings["GOARCH"]
	if goos == "" {
		goos, goarch = runtime.GOOS, runtime.GOARCH
	}
	return fmt.Sprintf("%s, %s %s/%s", line, info.GoVersion, goos, goarch)
}
