package templates

// Chrome is what every page shares: its language, its title and where its
// assets and alternatives live.
type Chrome struct {
	// Lang is the page's language, "en" or "zh"; it sets <html lang> and
	// picks the UI strings.
	Lang string
	// Title is the page's own title; the site name is added after it.
	Title string
	// AssetVersion is appended to asset URLs as ?v=, so a new build is
	// fetched anew while an unchanged one is served from cache.
	AssetVersion string
	// Languages are links to this same page in each language.
	Languages []Link
}

// Link is one link of a switcher or a list.
type Link struct {
	Href string
	Text string
	// Key is a machine-readable name for the target (a variant, a
	// language), rendered as data-key.
	Key string
	// Current marks the link to the page being shown (aria-current).
	Current bool
}

// CatalogPage is the list of lessons.
type CatalogPage struct {
	Chrome
	Groups []LessonGroup
}

// LessonGroup is the lessons about one primitive.
type LessonGroup struct {
	Primitive string // "wait_group"
	Title     string // the primitive's name in the page's language
	Lessons   []LessonLink
}

// LessonLink is one lesson in the catalog.
type LessonLink struct {
	ID       string
	Href     string
	Title    string
	Summary  string // one line
	Bugs     []string
	Variants []string
	// Challenge opens the lesson played as a challenge; "" for a lesson
	// that is none (no schedule of it expects a bug).
	Challenge string
}

// LessonPage is the playground for one lesson. The page is a skeleton:
// the browser fills its containers from the WebSocket.
type LessonPage struct {
	Chrome
	ID        string
	Primitive string
	Summary   string
	// Variants switch the lesson's variant; the current one is marked.
	Variants []Link
	// Initial is what the page asks the server to load first, passed to
	// the browser as JSON.
	Initial Initial
	// Notices say what the page's link could not do as it asked (the
	// lesson changed since the link was made, its schedule could not be
	// replayed), in the page's language.
	Notices []string
	// NoEmbed leaves out the embed code (a lesson written in the browser
	// has no embed view).
	NoEmbed bool
	// Lab opens the lab on this lesson, its primitive's source to edit;
	// "" for none.
	Lab string
}

// Initial is the first load command of a playground page: the lesson and
// what the URL asked for. The field names are the protocol's.
type Initial struct {
	Protocol int            `json:"protocol"`
	Lesson   string         `json:"lesson"`
	Variant  string         `json:"variant"`
	Params   map[string]int `json:"params"`
	Schedule string         `json:"schedule,omitempty"`
	Step     *int           `json:"step,omitempty"`
	Lang     string         `json:"lang"`
	// Socket is the WebSocket's path.
	Socket string `json:"socket"`
	// Source is a lesson written in the browser, as its link carries it
	// (src); it goes with the load as "source".
	Source string `json:"source,omitempty"`
	// Memory is "c11" when the page runs under the c11 memory model.
	Memory string `json:"memory,omitempty"`
}

// HowtoPage explains how to use the playground.
type HowtoPage struct {
	Chrome
	Shortcuts []Shortcut
	Outcomes  []Outcome
}

// Shortcut is one keyboard shortcut of the playground.
type Shortcut struct {
	Keys []string
	Text string
}

// Outcome is one word of the verdict vocabulary and what it means.
type Outcome struct {
	Kind string
	Text string
}

// ErrorPage is shown for a request that cannot be served.
type ErrorPage struct {
	Chrome
	Status  int
	Message string
}
