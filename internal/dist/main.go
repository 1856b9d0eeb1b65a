// Command dist builds Lockstep's release: one static binary (cgo off, so
// it needs no C library) for each of Linux, macOS and Windows on amd64
// and arm64, into a directory (dist/ by default), each stamped with the
// version control information `lockstep version` prints, and a file
// SHA256SUMS of their checksums, in the form `sha256sum -c` reads.
//
//	go run ./internal/dist [-o DIR]
//
// It is run from the module's root (make dist). It imports nothing of
// the module: it only runs the go command.
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// targets are the platforms a release has a binary for.
var targets = []struct{ goos, goarch string }{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
	{"windows", "amd64"}, {"windows", "arm64"},
}

func main() {
	out := flag.String("o", "dist", "the directory to build the release into (emptied first)")
	flag.Parse()
	if err := build(*out); err != nil {
		fmt.Fprintln(os.Stderr, "dist:", err)
		os.Exit(1)
	}
}

// build builds every target's binary into dir and writes their checksums.
func build(dir string) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var sums strings.Builder
	for _, t := range targets {
		name := fmt.Sprintf("lockstep-%s-%s", t.goos, t.goarch)
		if t.goos == "windows" {
			name += ".exe"
		}
		path := filepath.Join(dir, name)
		// -buildvcs=true stamps the commit even where GOFLAGS turns it
		// off; -trimpath keeps the builder's paths out of the binary.
		cmd := exec.Command("go", "build", "-buildvcs=true", "-trimpath", "-ldflags=-s -w", "-o", path, ".")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+t.goos, "GOARCH="+t.goarch)
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s/%s: %w", t.goos, t.goarch, err)
		}
		if err := stamped(path); err != nil {
			return err
		}
		sum, err := checksum(path)
		if err != nil {
			return err
		}
		fmt.Fprintf(&sums, "%s  %s\n", sum, name)
		fmt.Println(path)
	}
	return os.WriteFile(filepath.Join(dir, "SHA256SUMS"), []byte(sums.String()), 0o644)
}

// stamped checks that the binary at path records the commit it was built
// from, which `lockstep version` prints. The go command records it only
// in a repository whose .git is a directory: a clone, not a git worktree.
func stamped(path string) error {
	out, err := exec.Command("go", "version", "-m", path).Output()
	if err != nil {
		return fmt.Errorf("go version -m %s: %w", path, err)
	}
	if !strings.Contains(string(out), "vcs.revision=") {
		return fmt.Errorf("%s records no commit: build the release from a clone (the go command does not read a git worktree's .git file)", path)
	}
	return nil
}

// checksum is the SHA-256 of the file at path, in hexadecimal.
func checksum(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
