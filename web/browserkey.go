package web

import (
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"

	"lockstep/web/site"
)

// browserKeyFile is the file in the data directory that keeps the key
// the browsers' identities are signed with, so that they outlive a
// restart.
const browserKeyFile = "browser.key"

// browserKey returns the key of the browsers' identities kept in dir,
// making it on first use. Without a dir, or when the file cannot be read
// or made, it returns a key of this run only, and says so: the browsers
// are then given new identities after a restart (votes cast before it
// can be cast again).
func browserKey(dir string, log *slog.Logger) []byte {
	if dir == "" {
		return site.NewKey()
	}
	path := filepath.Join(dir, browserKeyFile)
	key, err := os.ReadFile(path)
	switch {
	case err == nil && len(key) == site.KeySize:
		return key
	case err == nil || errors.Is(err, fs.ErrNotExist): // not a key, or none yet
		key = site.NewKey()
		if err = writeKey(dir, path, key); err == nil {
			return key
		}
	}
	log.Warn("the browsers' identities will not outlive a restart: their key cannot be kept", "file", path, "err", err)
	return site.NewKey()
}

// writeKey writes key to path, in place of what is there, readable by
// its owner alone.
func writeKey(dir, path string, key []byte) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	tmp := path + ".new"
	if err := os.WriteFile(tmp, key, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
