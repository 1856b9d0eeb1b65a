package lecture

import "time"

// A Presented records that a browser presented a room: the room's line in
// that browser's list of its rooms, kept after the room closed. Browser
// is a digest of the browser's identity, not the identity itself.
type Presented struct {
	Browser string `json:"browser"`
	Code    string `json:"code"`
	// Opened is the room's (Room.Opened): with Code it tells the room from
	// a later one given the same code.
	Opened time.Time `json:"opened"`
	// Lesson is the lesson the room was opened on, or "" when the browser
	// took the room over before anything was published.
	Lesson string `json:"lesson,omitempty"`
	// At is when the browser took the presenter's role.
	At time.Time `json:"at"`
}

// Is reports whether p records room r: the same code, opened at the same
// time.
func (p Presented) Is(r *Room) bool { return p.Code == r.code && p.Opened.Equal(r.opened) }
