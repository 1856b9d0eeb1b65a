package templates

// RoomFormPage opens a room, or joins one by its code.
type RoomFormPage struct {
	Chrome
	// Code is the code that was typed, shown again with Message when no
	// room has it.
	Code    string
	Message string
	// Lessons are the lessons a room can start on: Key is the lesson's
	// id, Text its title.
	Lessons []Link
	// Selected is the lesson the form offers first: that of the room
	// this browser opened last, or the catalog's first.
	Selected string
	// Mine are the rooms this browser presented, newest first.
	Mine []MyRoom
	// MaxStudents and IdleHours are the limits a room lives with.
	MaxStudents int
	IdleHours   int
}

// RoomPage is a room's playground page: the playground a student follows
// the presenter in, or the presenter's own, with the room's panel.
type RoomPage struct {
	Chrome
	// Code is the room's join code.
	Code string
	// Presenter is true on the presenter's page.
	Presenter bool
	// JoinURL is the absolute link students open; QRURL the PNG of its QR
	// code.
	JoinURL string
	QRURL   string
	// PresenterLink is the secret link that makes another browser the
	// presenter, and PresenterQR its QR code: shown once, on the first
	// presenter page after the room opened, and when asked for (?link=1)
	// by a browser that holds the secret; "" otherwise.
	PresenterLink string
	PresenterQR   QR
	// LinkAgain is the presenter's page that shows the presenter link
	// again (the presenter's page only).
	LinkAgain string
	// Playground is what the page's playground loads first: the
	// presenter's latest position, or the lesson the room starts on.
	Playground Initial
	// LessonTitle is the title of the lesson the page starts on; the
	// page keeps it current as the presenter changes lesson.
	LessonTitle string
	// Lessons are the lessons the presenter may change to (the
	// presenter's page only).
	Lessons []Link
	// Room is passed to static/room.js as JSON.
	Room RoomScript
}

// RoomScript is what static/room.js needs to join the room's channel.
type RoomScript struct {
	Code string `json:"code"`
	Role string `json:"role"` // "presenter" or "student"
	// Socket is the path of the room's WebSocket, with its query.
	Socket string `json:"socket"`
	// Variants are the variants of each lesson the presenter may change
	// to, by lesson id (the presenter's page only).
	Variants map[string][]string `json:"variants,omitempty"`
}

// A QR is a QR code drawn as SVG: Path, the dark modules, in a square of
// Side modules (the quiet zone included).
type QR struct {
	Side int
	Path string
}

// A MyRoom is a line of "Your rooms" on the form page: a room this
// browser presented.
type MyRoom struct {
	Code string
	// Lesson is the title of the lesson it was opened on, or "".
	Lesson string
	// Opened is when it was opened, as the page shows it.
	Opened string
	// Href is its presenter page while it is open; "" once it closed.
	Href string
}
