package classroom

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"

	"lockstep/web/classroom/lecture"
	"lockstep/web/playground"
	"lockstep/web/site"
)

// Config is what Rooms need. Pages and Lessons are required; Logger
// defaults to slog.Default.
type Config struct {
	// Pages renders the rooms' pages and their chrome.
	Pages *site.Pages
	// Lessons are the lessons a room may be opened on.
	Lessons site.Lessons
	Logger  *slog.Logger
	// Origins are the extra origins whose pages may open a room's
	// WebSocket, as for the playground's (playground.Config.Origins).
	Origins []string
	Options
}

// Options are what the server's operator chooses of its rooms.
type Options struct {
	// Limits bound the rooms; a zero field takes the lecture package's
	// default.
	Limits lecture.Limits
	// Store keeps the rooms across restarts; nil keeps them in memory
	// only. New opens again the rooms it holds.
	Store Store
}

// Rooms serve the live classroom over one lecture.Hub: the page that
// opens or joins a room, a room's pages for its students and its
// presenter, the QR code of its join link, and its WebSocket (room.md).
// A room's pages are playground pages: each keeps its own playground
// socket, and static/room.js mirrors the presenter's position on it.
type Rooms struct {
	pages   *site.Pages
	lessons site.Lessons
	log     *slog.Logger
	origins []string
	hub     *lecture.Hub
	saver   *saver // nil without a store
	// guesses slows down a client that names rooms that are not open
	// (find), or presents with a wrong token (authorize).
	guesses *site.Backoff
	// shelf holds the rooms each browser presented (shelf.go).
	shelf *shelf
	// unshown holds the rooms whose presenter link is still to be shown
	// once, by when they were opened (showLinkOnce).
	unshownMu sync.Mutex
	unshown   map[string]time.Time
	// pingInterval and pingTimeout keep a socket alive
	// (playground.KeepAlive).
	pingInterval, pingTimeout time.Duration
}

// New checks cfg and returns its rooms, none open yet.
func New(cfg Config) (*Rooms, error) {
	if cfg.Pages == nil || cfg.Lessons == nil {
		return nil, errors.New("classroom: Config.Pages and Config.Lessons are required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	rs := &Rooms{pages: cfg.Pages, lessons: cfg.Lessons, log: cfg.Logger, origins: cfg.Origins,
		hub: lecture.NewHub(cfg.Limits), pingInterval: playground.PingInterval, pingTimeout: playground.PingTimeout,
		guesses: newGuesses(), shelf: newShelf(), unshown: map[string]time.Time{}}
	if cfg.Store != nil {
		rs.restore(cfg.Store)
	}
	if cfg.Store != nil && cfg.Store.Writable() {
		rs.saver = newSaver(rs.hub, cfg.Store, func(code string, err error) {
			rs.log.Error("room store: a write failed: rooms' changes are not kept until a write succeeds (further failures are not logged)", "room", code, "err", err)
		}, func() {
			rs.log.Info("room store: writes succeed again")
		})
	}
	return rs, nil
}

// restore opens again the rooms store holds. A room that cannot be
// restored (expired, or unreadable) is logged and forgotten.
func (rs *Rooms) restore(store Store) {
	snaps, bad := store.Load()
	for _, err := range bad {
		rs.log.Warn("room store: a room cannot be read; it is skipped", "err", err)
	}
	n, undeleted := 0, 0
	var deleteErr error
	for _, snap := range snaps {
		if _, err := rs.hub.Restore(snap); err != nil {
			rs.log.Info("room store: a room is not restored", "err", err)
			if !store.Writable() {
				continue
			}
			if err := store.Delete(snap.Code); err != nil {
				if undeleted++; deleteErr == nil {
					deleteErr = err
				}
			}
			continue
		}
		n++
	}
	// One line for all the deletes that failed: on a full disk each fails.
	if undeleted > 0 {
		rs.log.Error("room store: rooms that are not restored cannot be deleted from the file; the next start tries again", "rooms", undeleted, "err", deleteErr)
	}
	if len(snaps) > 0 || len(bad) > 0 {
		rs.log.Info("room store: rooms restored", "rooms", n, "of", len(snaps)+len(bad))
	}
	records, err := store.LoadPresented()
	if err != nil {
		rs.log.Warn("room store: the rooms browsers presented cannot be read; their lists start empty", "err", err)
	}
	now := time.Now()
	rs.shelf.load(records, now)
	if store.Writable() {
		if err := store.ForgetPresented(now.Add(-shelfKeep)); err != nil {
			rs.log.Error("room store: forgetting old records failed", "err", err)
		}
	}
}

// presented records that r's browser presents room, opened on lesson (""
// when unknown), for its list of rooms.
func (rs *Rooms) presented(r *http.Request, room *lecture.Room, lesson string) {
	browser := rs.pages.BrowserOf(r)
	if browser == "" {
		return
	}
	p, changed := rs.shelf.put(lecture.Presented{Browser: browserDigest(browser), Code: room.Code(), Opened: room.Opened(),
		Lesson: lesson, At: time.Now()})
	if changed && rs.saver != nil {
		rs.saver.notePresented(p)
	}
}

// authorize is the presenter token r carries for room, or ErrBadToken;
// a wrong token counts against r's client as a wrong room code does
// (find), so that tokens cannot be guessed faster than codes.
func (rs *Rooms) authorize(r *http.Request, room *lecture.Room) (string, error) {
	token := presenterToken(r, room)
	if room.Authorized(token) {
		return token, nil
	}
	if token != "" {
		rs.guesses.Fail(site.ClientOf(r).Key())
	}
	return "", lecture.ErrBadToken
}

// linkOnce notes that room code's presenter link is to be shown once.
// Notes older than the unclaimed timeout, whose rooms closed or were
// presented, are dropped.
func (rs *Rooms) linkOnce(code string) {
	rs.unshownMu.Lock()
	defer rs.unshownMu.Unlock()
	now := time.Now()
	for c, at := range rs.unshown {
		if now.Sub(at) > rs.hub.Limits().UnclaimedTimeout {
			delete(rs.unshown, c)
		}
	}
	rs.unshown[code] = now
}

// showLinkOnce reports whether room code's presenter link is still to be
// shown, and forgets it: it is shown once.
func (rs *Rooms) showLinkOnce(code string) bool {
	rs.unshownMu.Lock()
	defer rs.unshownMu.Unlock()
	_, ok := rs.unshown[code]
	delete(rs.unshown, code)
	return ok
}

// Close writes the rooms' last changes to the store. The rooms stay open
// in memory; call it once the server no longer serves them.
func (rs *Rooms) Close() {
	if rs.saver != nil {
		rs.saver.close()
	}
}

// presenterCookieAge is how long the presenter's browser keeps a room's
// token: longer than a room can stay idle, so a lecture never outlives it.
const presenterCookieAge = 12 * time.Hour

// presenterCookie names the cookie holding the presenter token of room
// code. Its path is /room, so the room's pages and its socket see it.
func presenterCookie(code string) string { return "lockstep_room_" + code }

// roomHref is the path of room code's student page.
func roomHref(code string) string { return "/room/" + code }

// presentHref is the path of room code's presenter page.
func presentHref(code string) string { return "/room/" + code + "/present" }

// presenterLink is the secret link that makes the browser that opens it
// room code's presenter, as seen from request r.
func presenterLink(r *http.Request, code, token string) string {
	return site.Origin(r) + presentHref(code) + "?" + url.Values{"token": {token}}.Encode()
}

// newGuesses is how wrong room codes slow a client down: ten are free
// (a typo, a room that closed), then it waits 1 s before its next try, 2 s
// after the one after, up to a minute, until it has named no closed room
// for ten minutes. Guessing at random is then some ten tries a minute
// for each browser identity a client was given, against odds of one in
// 2^40 / 200 (the most rooms a hub holds): some five billion tries.
func newGuesses() *site.Backoff {
	return &site.Backoff{Free: 10, Base: time.Second, Max: time.Minute, Forget: 10 * time.Minute}
}

// errGuessing is a client that named too many rooms that are not open.
var errGuessing = errors.New("too many wrong room codes")

// find finds the open room with code for r's client, or fails: with
// lecture.ErrNoRoom, counted against the client, or, while the client
// must wait for its wrong codes (guesses), with errGuessing, without
// looking.
func (rs *Rooms) find(r *http.Request, code string) (*lecture.Room, error) {
	who := site.ClientOf(r).Key()
	if wait := rs.guesses.Wait(who); wait > 0 {
		secs := int(wait.Round(time.Second) / time.Second)
		return nil, lecture.Problemf(errGuessing, "%d room codes or presenter links you tried were wrong: wait %d s before the next try",
			"你试过的 %d 个课堂代码或主讲人链接都不对：请等 %d 秒再试", rs.guesses.Failures(who), max(secs, 1))
	}
	room, err := rs.hub.Lookup(code)
	if errors.Is(err, lecture.ErrNoRoom) {
		rs.guesses.Fail(who)
	}
	return room, err
}

// lookup finds the room named by the {code} of the URL, or a 404 that says
// what to do (a 429 while the client must wait, see find).
func (rs *Rooms) lookup(r *http.Request) (*lecture.Room, error) {
	code := chi.URLParam(r, "code")
	room, err := rs.find(r, code)
	if errors.Is(err, errGuessing) {
		return nil, site.Refusal(http.StatusTooManyRequests, site.Phrase{err.Error(), lecture.Chinese(err)}, err)
	}
	if err != nil {
		return nil, site.NotFound(fmt.Sprintf("There is no open room %q: check the code, or ask the presenter whether the room is still open.", code), err)
	}
	return room, nil
}

// presenterToken is the token r carries for room: from ?token= (the
// presenter link, opened on another device), else from the cookie set
// when the room was opened or the link was followed.
func presenterToken(r *http.Request, room *lecture.Room) string {
	if t := r.URL.Query().Get("token"); t != "" {
		return t
	}
	if c, err := r.Cookie(presenterCookie(room.Code())); err == nil {
		return c.Value
	}
	return ""
}

// setPresenterCookie remembers token in the presenter's browser.
func setPresenterCookie(w http.ResponseWriter, code, token string) {
	http.SetCookie(w, &http.Cookie{
		Name: presenterCookie(code), Value: token, Path: "/room",
		MaxAge: int(presenterCookieAge / time.Second), HttpOnly: true, SameSite: http.SameSiteLaxMode,
	})
}

// sameSite refuses a request that another site's page sent: opening a
// room is a POST a foreign page must not be able to make for a visitor.
func sameSite(r *http.Request) error {
	if site.CrossSite(r) {
		return &site.Error{Status: http.StatusForbidden, Msg: "A room can only be opened from this site's own page."}
	}
	return nil
}

// joinURL is the absolute URL students open to join room code, as seen
// from request r.
func joinURL(r *http.Request, code string) string { return site.Origin(r) + roomHref(code) }
