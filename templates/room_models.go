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
