package classroom

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"unicode"
	"unicode/utf8"

	"rsc.io/qr"

	"lockstep/templates"
	"lockstep/web/classroom/lecture"
	"lockstep/web/playground/protocol"
	"lockstep/web/site"
)

// ServeForm renders the page that opens a room or joins one. With
// ?code= it sends the visitor to that room, or shows the form again with
// why it cannot (a 404).
func (rs *Rooms) ServeForm(w http.ResponseWriter, r *http.Request) error {
	lang := string(site.ResolveLang(w, r))
	typed := r.URL.Query().Get("code")
	if typed == "" {
		return rs.pages.Render(w, r, templates.RoomForm(rs.formPage(r, lang, "", "")))
	}
	room, err := rs.find(r, typed)
	if err != nil {
		// The form again, saying why, as a 404 (429 while the client must
		// wait); the form itself cannot fail to render once the status is
		// written.
		status := http.StatusNotFound
		if errors.Is(err, errGuessing) {
			status = http.StatusTooManyRequests
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(status)
		return rs.pages.Render(w, r, templates.RoomForm(rs.formPage(r, lang, typed, sentence(saidIn(err, lang)))))
	}
	http.Redirect(w, r, withLang(roomHref(room.Code()), lang), http.StatusSeeOther)
	return nil
}

// formPage is the view of the form page.
func (rs *Rooms) formPage(r *http.Request, lang, code, msg string) templates.RoomFormPage {
	l := rs.hub.Limits()
	p := templates.RoomFormPage{
		Chrome: rs.pages.Chrome(r, lang, templates.RT(lang, "room.title")), Code: code, Message: msg,
		MaxStudents: l.MaxStudents, IdleHours: int(l.IdleTimeout.Hours()),
	}
	for _, lesson := range rs.lessons.All() {
		p.Lessons = append(p.Lessons, templates.Link{Key: lesson.ID, Text: lesson.Title.In(lang)})
	}
	if len(p.Lessons) > 0 {
		p.Selected = p.Lessons[0].Key
	}
	last := true
	for _, rec := range rs.shelf.of(rs.pages.BrowserOf(r)) {
		mine := templates.MyRoom{Code: rec.Code, Opened: rec.Opened.UTC().Format("2006-01-02 15:04 UTC")}
		if l, err := rs.lessons.Lookup(rec.Lesson); err == nil {
			mine.Lesson = l.Title.In(lang)
			if last {
				p.Selected, last = l.ID, false
			}
		}
		if room, err := rs.hub.Lookup(rec.Code); err == nil && rec.Is(room) {
			mine.Href = withLang(presentHref(rec.Code), lang)
		}
		p.Mine = append(p.Mine, mine)
	}
	return p
}

// ServeOpen opens a room on the lesson the form chose, gives the
// presenter's browser the room's token in a cookie, and sends it to the
// presenter page.
func (rs *Rooms) ServeOpen(w http.ResponseWriter, r *http.Request) error {
	if err := sameSite(r); err != nil {
		return err
	}
	if err := r.ParseForm(); err != nil {
		return site.BadRequest("The form cannot be read.", err)
	}
	lesson := r.PostForm.Get("lesson")
	if _, err := rs.lessons.Lookup(lesson); err != nil {
		return site.BadRequest(fmt.Sprintf("There is no lesson %q to start a room on.", lesson), err)
	}
	l := rs.hub.Limits()
	seats := l.MaxStudents
	if v := r.PostForm.Get("students"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > l.MaxStudents {
			return site.BadRequest(fmt.Sprintf("The number of students must be from 1 to %d.", l.MaxStudents), err)
		}
		seats = n
	}
	room, token, err := rs.hub.OpenSeats(site.ClientOf(r).Addr, seats)
	if errors.Is(err, lecture.ErrTooManyRooms) {
		return &site.Error{Status: http.StatusServiceUnavailable, Msg: err.Error(), Err: err}
	}
	if errors.Is(err, lecture.ErrTooManyYours) {
		return site.Refusal(http.StatusTooManyRequests, site.Phrase{
			fmt.Sprintf("You have %d rooms open, the most one person may have at once: close one you no longer use. A room whose presenter never came closes by itself %d minutes after it was opened.",
				l.RoomsPerOwner, int(l.UnclaimedTimeout.Minutes())),
			fmt.Sprintf("你已经开了 %d 个教室，这是一个人同时最多能开的数量：请关闭一个不再使用的教室。主讲人从未进入的教室会在开设 %d 分钟后自动关闭。",
				l.RoomsPerOwner, int(l.UnclaimedTimeout.Minutes())),
		}, err)
	}
	if err != nil {
		return err
	}
	setPresenterCookie(w, room.Code(), token)
	rs.presented(r, room, lesson)
	rs.linkOnce(room.Code())
	q := url.Values{"lesson": {lesson}}
	if lang, ok := site.ParseLang(r.PostForm.Get("lang")); ok && lang != site.English {
		q.Set("lang", string(lang))
	}
	http.Redirect(w, r, presentHref(room.Code())+"?"+q.Encode(), http.StatusSeeOther)
	return nil
}

// ServeJoin renders a student's page of a room.
func (rs *Rooms) ServeJoin(w http.ResponseWriter, r *http.Request) error {
	room, err := rs.lookup(r)
	if err != nil {
		return err
	}
	lang := string(site.ResolveLang(w, r))
	page, err := rs.roomPage(r, room, lang, lecture.Student, "")
	if err != nil {
		return err
	}
	return rs.pages.Render(w, r, templates.Room(page))
}

// ServePresent renders the presenter's page of a room, for the holder of
// its token. A token given as ?token= (the presenter link) is moved into
// the cookie, and the page reloaded without it, so it does not linger in
// the address bar; the page's socket then takes the presenter's role
// over from any other browser (room.md). The page shows the presenter
// link once after the room opened, and again with ?link=1.
func (rs *Rooms) ServePresent(w http.ResponseWriter, r *http.Request) error {
	room, err := rs.lookup(r)
	if err != nil {
		return err
	}
	token, err := rs.authorize(r, room)
	if err != nil {
		return &site.Error{Status: http.StatusForbidden, Err: err,
			Msg: fmt.Sprintf("This is the presenter's view of room %s: open it in the browser that opened the room, or with the presenter link it showed. Students join at %s.", room.Code(), roomHref(room.Code()))}
	}
	if q := r.URL.Query(); q.Has("token") {
		setPresenterCookie(w, room.Code(), token)
		q.Del("token")
		u := *r.URL
		u.RawQuery = q.Encode()
		http.Redirect(w, r, u.RequestURI(), http.StatusSeeOther)
		return nil
	}
	lang := string(site.ResolveLang(w, r))
	page, err := rs.roomPage(r, room, lang, lecture.Presenter, r.URL.Query().Get("lesson"))
	if err != nil {
		return err
	}
	if rs.showLinkOnce(room.Code()) || r.URL.Query().Get("link") == "1" {
		page.PresenterLink = presenterLink(r, room.Code(), token)
		if page.PresenterQR, err = qrSVG(page.PresenterLink); err != nil {
			return err
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	return rs.pages.Render(w, r, templates.Room(page))
}

// roomPage is the view of a room's page for role. Its playground starts
// at the presenter's latest position; before the first, on lesson (when
// the catalog has it) or on the catalog's first lesson.
func (rs *Rooms) roomPage(r *http.Request, room *lecture.Room, lang string, role lecture.Role, lesson string) (templates.RoomPage, error) {
	code := room.Code()
	in := templates.Initial{Protocol: protocol.Version, Lang: lang, Socket: "/ws"}
	if pos, ok := room.Position(); ok {
		in.Lesson, in.Variant, in.Params, in.Schedule = pos.Lesson, pos.Variant, pos.Params, pos.Schedule
		step := pos.Index
		in.Step = &step
	} else if _, err := rs.lessons.Lookup(lesson); err == nil {
		in.Lesson = lesson
	} else if all := rs.lessons.All(); len(all) > 0 {
		in.Lesson = all[0].ID
	} else {
		return templates.RoomPage{}, errors.New("the catalog has no lessons")
	}
	title := fmt.Sprintf(templates.RT(lang, "room.name"), code)
	q := url.Values{"code": {code}, "role": {string(role)}}
	page := templates.RoomPage{
		Chrome: rs.pages.Chrome(r, lang, title), Code: code, Presenter: role == lecture.Presenter,
		JoinURL: joinURL(r, code), QRURL: roomHref(code) + "/qr.png", Playground: in,
		Room: templates.RoomScript{Code: code, Role: string(role), Socket: "/room/ws?" + q.Encode()},
	}
	if l, err := rs.lessons.Lookup(in.Lesson); err == nil {
		page.LessonTitle = l.Title.In(lang)
	}
	if page.Presenter {
		again := url.Values{"link": {"1"}}
		if lang != string(site.English) {
			again.Set("lang", lang)
		}
		page.LinkAgain = presentHref(code) + "?" + again.Encode()
		page.Room.Variants = map[string][]string{}
		for _, l := range rs.lessons.All() {
			page.Lessons = append(page.Lessons, templates.Link{Key: l.ID, Text: l.Title.In(lang)})
			page.Room.Variants[l.ID] = l.Variants
		}
	}
	return page, nil
}

// qrScale is the size of one module of the QR code, in pixels.
const qrScale = 6

// ServeQR draws the join link of a room as a QR code.
func (rs *Rooms) ServeQR(w http.ResponseWriter, r *http.Request) error {
	room, err := rs.lookup(r)
	if err != nil {
		return err
	}
	c, err := qr.Encode(joinURL(r, room.Code()), qr.M)
	if err != nil {
		return fmt.Errorf("qr code of room %s: %w", room.Code(), err)
	}
	c.Scale = qrScale
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "private, max-age=3600")
	_, _ = w.Write(c.PNG()) // a failed write means the client left
	return nil
}

// saidIn is err in lang: in Chinese when err says itself in Chinese
// (lecture.Problem), else in English.
func saidIn(err error, lang string) string {
	if zh := lecture.Chinese(err); lang == "zh" && zh != "" {
		return zh
	}
	return err.Error()
}

// sentence starts an error's text, lower case in Go, with a capital.
func sentence(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// withLang adds ?lang= to path for a language other than English.
func withLang(path, lang string) string {
	if lang == "" || lang == string(site.English) {
		return path
	}
	return path + "?lang=" + url.QueryEscape(lang)
}
