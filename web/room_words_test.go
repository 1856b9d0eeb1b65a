package web

import (
	"io/fs"
	"strings"
	"testing"

	"lockstep/static"
)

// TestRoomPageWords: the room page (its words, room-words.js) says every
// reason a member leaves for (lecture's closed events' reason) in English
// and in Chinese.
func TestRoomPageWords(t *testing.T) {
	js, err := fs.ReadFile(static.FS, "room-words.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, word := range []string{"no-room", "full", "token", "closed", "idle", "unclaimed", "slow", "replaced", "left"} {
		if n := strings.Count(string(js), `"closed-`+word+`":`); n != 2 {
			t.Errorf("room-words.js says closed-%s %d times; want once in each language", word, n)
		}
	}
}
