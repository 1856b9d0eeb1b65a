// Package lecture holds the live rooms of a lecture: a presenter steps
// through a lesson on the projector and the students' pages follow along,
// branch off to explore, snap back, and vote in "predict the next step"
// polls.
//
// The package knows nothing about sockets, HTTP or the step machine: it
// imports the standard library only (deps_test.go at the module root
// holds it to that). Its transport adapter, package classroom one level
// up, turns the commands a page sends into calls on a Room, and writes the
// Events a Member's outbox yields.
//
// # Vocabulary
//
// A Hub holds every open Room of a server. A Room has a short code (eight
// characters from an alphabet without 0, O, 1 and I), one presenter, who
// proves itself with the secret token returned when the room was opened
// (the room keeps only its SHA-256), and students. Each connection to a
// room is a Member; a student who reconnects is a new member. Each
// browser (voter) that joins is an attendee, numbered once for all its
// members; the presenter sees the attendees and may remove one
// (attendees.go).
//
// A Position is what the presenter's page shows: a lesson, a variant, its
// parameters, the language, the history as schedule text, the step of
// the history on screen, and the mode the room works the lesson in. The
// presenter publishes it after every change; every member receives each
// published position in order, numbered by Seq.
//
// A Challenge is a lesson's challenge played by the whole room: the
// presenter starts it at a position, which the room publishes with
// ModeChallenge, and each student's page plays it from there on its own
// and reports its state (Playing, Reached, Stuck); the Progress counts
// them, each browser once, and holds the first winning runs for the
// presenter. While it runs the presenter publishes nothing; ending it
// publishes its position again without the mode, and the students'
// pages follow the presenter once more.
//
// A Poll asks the students to predict the next step. Each student holds at
// most one vote per poll (a second vote replaces the first); the Tally is
// sent to every member as it changes, with the count of each option to the
// presenter and only the number of votes to the students; the presenter
// reveals the poll, which closes it, shows everyone the split and names
// the thread to step.
//
// # Delivery
//
// Every member has a bounded outbox. Sending never blocks the sender: the
// presenter publishes to hundreds of students while holding the room's lock
// only for queueing. A member whose outbox is full (a slow or stalled
// connection) is dropped with ErrSlow; its page reconnects and catches up
// from the welcome it is sent. Events that only report a current state (the
// tally, the roster) replace a queued one of the same type instead of
// queueing behind it, so a burst of votes costs each member one event.
//
// # Limits
//
// Limits bound the rooms of a hub, the rooms of one owner, the students of a
// room, the backlog of an outbox and the idle time of a room: a room whose
// presenter has done nothing for Limits.IdleTimeout, or whose presenter
// never came within Limits.UnclaimedTimeout, is closed by its own timer,
// and its members are told why.
//
// # Votes
//
// A student votes as a voter (JoinAs): all the members with one voter, a
// browser's tabs and reconnections, hold one vote per poll between them.
//
// # Restarts
//
// A Snapshot is a room without its members. The hub reports each change a
// snapshot would show (Notify), and Restore opens a room again from one, so
// an adapter can keep rooms in a store across restarts.
//
// # Time
//
// The package reads the clock with time.Now and waits with time.AfterFunc,
// and starts no goroutine of its own, so a test can run a hub inside a
// testing/synctest bubble, where idle hours pass at once.
package lecture
