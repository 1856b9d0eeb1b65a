package share

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"lockstep/scenarios"
	"lockstep/sim/outcome"
	"lockstep/sim/words"
	"lockstep/templates"
	"lockstep/web/site"
)

// composeInitial is what the compose page's script starts with.
type composeInitial struct {
	Lang       string                    `json:"lang"`
	Draft      draft                     `json:"draft"`
	Primitives []scenarios.PrimitiveInfo `json:"primitives"`
	// Kinds are the outcome kinds an author may expect, with their names
	// in the page's language.
	Kinds []kindInfo `json:"kinds"`
	// Check is where the form is checked.
	Check string `json:"check"`
	// Texts are the script's own strings in the page's language.
	Texts map[string]string `json:"texts"`
}

// kindInfo is an outcome kind and its name.
type kindInfo struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
}

// composeScriptTexts are compose.js's strings.
var composeScriptTexts = map[string]site.Phrase{
	"expect.none": {"(not stated)", "（不指定）"},
	"checking":    {"Checking…", "正在检查…"},
	"ok":          {"The lesson is right: open it in the playground. Its link carries it ({size} of {limit} bytes).", "课程无误，可以在演练场中打开了。它的链接携带着整节课（{size} / {limit} 字节）。"},
	"error":       {"One thing to fix before the lesson can open.", "还有 1 处需要修改，课程才能打开。"},
	"errors":      {"{n} things to fix before the lesson can open.", "还有 {n} 处需要修改，课程才能打开。"},
	"failed":      {"The server could not check the lesson: {msg}", "服务器无法检查课程：{msg}"},
	"found":       {"found", "实际结果"},
	"expect.on":   {"Expected outcome on {v}", "{v} 上的预期结果"},
	"steps.same":  {"its own steps (optional)", "该版本自己的步骤（可选）"},
	"steps.on":    {"The steps on {v}, when they differ", "{v} 上的步骤（如果不同）"},
}

// ServeCompose renders the compose page, starting from the catalog's
// lesson ?from=ID, or from a small example.
func (s *Share) ServeCompose(w http.ResponseWriter, r *http.Request) error {
	lang := string(site.ResolveLang(w, r))
	d := exampleDraft(lang)
	from := r.URL.Query().Get("from")
	if from != "" {
		l, err := s.lessons.Lookup(from)
		if err == nil && l.Written() != nil {
			// The composer writes lessons of the built-in primitives; a
			// primitive written in the language is the lab's.
			err = fmt.Errorf("lesson %s runs a primitive written in the language", from)
		}
		if err != nil {
			return site.NotFound(site.Phrase{fmt.Sprintf("There is no lesson %q to start from: the composer starts from the lessons of the built-in primitives (a primitive written in Lockstep's language is edited in the lab).", from),
				fmt.Sprintf("没有可以作为起点的课程 %q：编写页只能从内置原语的课程开始（用 Lockstep 语言写的原语在实验室里编辑）。", from)}.In(lang), err)
		}
		d = draftOf(l, lang)
	}
	in := composeInitial{Lang: lang, Draft: d, Primitives: scenarios.Primitives(), Check: "/compose/check", Texts: map[string]string{}}
	for _, k := range outcome.Kinds {
		in.Kinds = append(in.Kinds, kindInfo{Kind: string(k), Name: words.KindName(k, lang)})
	}
	for k, v := range composeScriptTexts {
		in.Texts[k] = v.In(lang)
	}
	page := templates.ComposePage{Chrome: s.pages.Chrome(r, lang, templates.ComposeText(lang, "compose.title")), Initial: in}
	for _, p := range in.Primitives {
		page.Primitives = append(page.Primitives, p.Name)
	}
	for _, l := range s.lessons.All() {
		if l.Written() == nil {
			page.Lessons = append(page.Lessons, templates.Link{Key: l.ID, Text: l.Title.In(lang), Current: l.ID == from})
		}
	}
	return s.pages.Render(w, r, templates.Compose(page))
}

// ServeComposeCheck checks a draft (a JSON body of at most 128 KiB) and
// answers with a checkReply. A body that is not a draft is a 400 whose
// reply names the problem.
func (s *Share) ServeComposeCheck(w http.ResponseWriter, r *http.Request) error {
	lang := string(site.ResolveLang(w, r))
	r.Body = http.MaxBytesReader(w, r.Body, maxDraftBody)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	var d draft
	if err := dec.Decode(&d); err != nil {
		msg := site.Phrase{"The form could not be read: " + site.JSONProblem(err) + ".", "无法读取表单：" + site.JSONProblem(err) + "。"}
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			msg = site.Phrase{fmt.Sprintf("The form is larger than %d bytes.", maxDraftBody), fmt.Sprintf("表单超过了 %d 字节。", maxDraftBody)}
		}
		return site.WriteJSON(w, http.StatusBadRequest, checkReply{Errors: []fieldError{{Message: msg.In(lang)}}, Outcomes: []scheduleOutcome{}})
	}
	if d.Lang == "" {
		d.Lang = lang
	}
	return site.WriteJSON(w, http.StatusOK, checkDraft(d))
}

// exampleDraft is the lesson the compose page starts with: tinyCoro's
// wait_group and its fix, one waiter and one done(), and the lost wakeup.
func exampleDraft(lang string) draft {
	return draft{
		Lang:      lang,
		Title:     site.Phrase{"My lost wakeup", "我的丢失唤醒"}.In(lang),
		Summary:   site.Phrase{"done() slips between wait()'s check and its push.", "done() 插在 wait() 的检查与入栈之间。"}.In(lang),
		Primitive: "wait_group", Variants: []string{"tinycoro", "fixed"}, Submit: "enqueue",
		Params:    []draftParam{{Name: "waiters", Value: "1"}},
		InitCount: "1",
		Coroutines: []draftCoroutine{
			{Name: "W", Count: "waiters", Script: "wait"},
			{Name: "D", Script: "done"},
		},
		Schedules: []draftSchedule{
			{Name: "lost", Title: site.Phrase{"done() between the check and the push", "done() 插在检查与入栈之间"}.In(lang),
				Steps: "W1*5 D*2", Expect: map[string]string{"tinycoro": "lost-wakeup", "fixed": "ok"}},
		},
	}
}

// draftOf is a catalog lesson as a draft, to start a new lesson from it.
func draftOf(l *scenarios.Scenario, lang string) draft {
	d := draft{
		Lang: lang, Title: l.Title.EN, TitleZH: l.Title.ZH, Summary: l.Summary.In(lang),
		Narrative: strings.Join(l.Narrative.In(lang), "\n\n"),
		Primitive: l.Primitive, Variants: append([]string(nil), l.Variants...), Submit: "enqueue",
		Value: l.Value, FIFO: l.FIFO,
	}
	for _, k := range slices.Sorted(maps.Keys(l.Params)) {
		d.Params = append(d.Params, draftParam{Name: k, Value: strconv.Itoa(l.Params[k])})
	}
	d.InitCount = l.Init["count"]
	d.InitSet = l.Init["set"] != "" && l.Init["set"] != "0"
	for _, co := range l.Coroutines {
		d.Coroutines = append(d.Coroutines, draftCoroutine{Name: co.Name, Count: co.Count, Thread: co.Thread, Script: co.Script, Spawned: co.Spawned})
	}
	for _, sc := range l.Schedules {
		ds := draftSchedule{Name: sc.Name, Title: sc.Title.In(lang), Steps: sc.Steps, ByVariant: map[string]string{}, Expect: map[string]string{}, Memory: sc.Memory}
		for v, steps := range sc.ByVariant {
			ds.ByVariant[v] = steps
		}
		for v, k := range sc.Expect {
			ds.Expect[v] = string(k)
		}
		d.Schedules = append(d.Schedules, ds)
	}
	return d
}
