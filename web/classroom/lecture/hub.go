package lecture

import (
	"crypto/rand"
	"crypto/sha256"
	"strings"
	"sync"
	"time"
)

// The default limits.
const (
	DefaultMaxRooms         = 200
	DefaultRoomsPerOwner    = 3
	DefaultMaxStudents      = 300
	DefaultIdleTimeout      = 2 * time.Hour
	DefaultUnclaimedTimeout = 10 * time.Minute
	DefaultBacklog          = 256
)

// Limits bound what a hub holds. A zero field takes its default.
type Limits struct {
	// MaxRooms is the number of rooms open at once (DefaultMaxRooms).
	MaxRooms int
	// RoomsPerOwner is the number of rooms one owner (a client, as the
	// adapter names it) may have open at once (DefaultRoomsPerOwner).
	RoomsPerOwner int
	// MaxStudents is the number of students in one room
	// (DefaultMaxStudents).
	MaxStudents int
	// IdleTimeout closes a room whose presenter has not connected,
	// published, polled or revealed for that long (DefaultIdleTimeout).
	IdleTimeout time.Duration
	// UnclaimedTimeout closes a room whose presenter has never connected
	// for that long after it was opened (DefaultUnclaimedTimeout).
	UnclaimedTimeout time.Duration
	// Backlog is the number of events queued for one member before it is
	// dropped as too slow (DefaultBacklog).
	Backlog int
}

func (l Limits) withDefaults() Limits {
	if l.MaxRooms <= 0 {
		l.MaxRooms = DefaultMaxRooms
	}
	if l.RoomsPerOwner <= 0 {
		l.RoomsPerOwner = DefaultRoomsPerOwner
	}
	if l.UnclaimedTimeout <= 0 {
		l.UnclaimedTimeout = DefaultUnclaimedTimeout
	}
	if l.MaxStudents <= 0 {
		l.MaxStudents = DefaultMaxStudents
	}
	if l.IdleTimeout <= 0 {
		l.IdleTimeout = DefaultIdleTimeout
	}
	if l.Backlog <= 0 {
		l.Backlog = DefaultBacklog
	}
	return l
}

// A Hub holds the open rooms of a server, by code. It is safe for
// concurrent use and starts no goroutine: each room has a timer that
// closes it once its presenter has been idle for Limits.IdleTimeout.
type Hub struct {
	limits Limits

	mu      sync.Mutex
	rooms   map[string]*Room
	changed func(code string) // see Notify
}

// NewHub returns an empty hub.
func NewHub(limits Limits) *Hub {
	return &Hub{limits: limits.withDefaults(), rooms: map[string]*Room{}}
}

// Limits returns the hub's limits, defaults filled in.
func (h *Hub) Limits() Limits { return h.limits }

// Notify makes the hub call changed with a room's code whenever what a
// Snapshot of the room holds changes, or the room closes (then Lookup no
// longer finds it). changed is called with locks held: it must only note
// the code and return. Call Notify before the hub is used.
func (h *Hub) Notify(changed func(code string)) { h.changed = changed }

// notify reports that room code changed.
func (h *Hub) notify(code string) {
	if h.changed != nil {
		h.changed(code)
	}
}

// Open opens a new room for owner and returns it with its presenter
// token, the secret Present asks for: 26 random base32 characters (130
// bits), of which the room keeps only the SHA-256. It fails with ErrTooManyRooms at
// the hub's limit, and with ErrTooManyYours when owner already has
// Limits.RoomsPerOwner rooms open; the owner "" has no such limit.
func (h *Hub) Open(owner string) (*Room, string, error) { return h.OpenSeats(owner, 0) }

// OpenSeats is Open for a room that seats at most seats students from
// one address (Room.JoinFrom); 0 is no bound but Limits.MaxStudents.
func (h *Hub) OpenSeats(owner string, seats int) (*Room, string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.rooms) >= h.limits.MaxRooms {
		return nil, "", Problemf(ErrTooManyRooms, "%v (%d)", "%v（%d）", ErrTooManyRooms, h.limits.MaxRooms)
	}
	if owner != "" && h.owned(owner) >= h.limits.RoomsPerOwner {
		return nil, "", Problemf(ErrTooManyYours, "%v (%d)", "%v（%d）", ErrTooManyYours, h.limits.RoomsPerOwner)
	}
	code := newCode()
	for h.rooms[code] != nil {
		code = newCode()
	}
	token := rand.Text()
	r := newRoom(h, roomState{code: code, tokenHash: sha256.Sum256([]byte(token)), owner: owner, seats: seats, lastActive: time.Now()})
	h.rooms[code] = r
	h.notify(code)
	return r, token, nil
}

// owned counts the open rooms of owner. h.mu is held.
func (h *Hub) owned(owner string) int {
	n := 0
	for _, r := range h.rooms {
		if r.owner == owner {
			n++
		}
	}
	return n
}

// Lookup finds the open room with code, in any letter case; it fails with
// ErrNoRoom.
func (h *Hub) Lookup(code string) (*Room, error) {
	code, ok := NormalizeCode(code)
	if !ok {
		return nil, ErrNoRoom
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if r := h.rooms[code]; r != nil {
		return r, nil
	}
	return nil, ErrNoRoom
}

// Rooms is the number of open rooms.
func (h *Hub) Rooms() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.rooms)
}

// remove closes r for reason and frees its code.
func (h *Hub) remove(r *Room, reason error) {
	h.mu.Lock()
	if h.rooms[r.code] == r {
		delete(h.rooms, r.code)
	}
	h.mu.Unlock()
	r.shut(reason)
	h.notify(r.code)
}

// codeAlphabet has 32 characters, none of which reads as another: no 0, O,
// 1 or I.
const codeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

// CodeLen is the length of a room code: 8 of 32 characters, 40 bits, so
// that a guess at random finds one of the 200 rooms a server holds at most
// once in five billion tries.
const CodeLen = 8

// newCode returns a random room code.
func newCode() string {
	var b [CodeLen]byte
	rand.Read(b[:])
	for i := range b {
		b[i] = codeAlphabet[b[i]%byte(len(codeAlphabet))]
	}
	return string(b[:])
}

// NormalizeCode reads a room code as a person may type it: in any case,
// with spaces or dashes. ok is false when it cannot be a code.
func NormalizeCode(s string) (code string, ok bool) {
	s = strings.ToUpper(strings.NewReplacer(" ", "", "-", "").Replace(s))
	if len(s) != CodeLen {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(codeAlphabet, s[i]) < 0 {
			return "", false
		}
	}
	return s, true
}
