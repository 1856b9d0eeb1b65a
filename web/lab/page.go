package lab

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"strings"

	"lockstep/primitives/examples"
	"lockstep/templates"
	"lockstep/web/share"
	"lockstep/web/site"
)

// labInitial is what the lab page's script starts with.
type labInitial struct {
	Lang   string `json:"lang"`
	Lesson struct {
		ID    string `json:"id"`
		Title string `json:"title"`
	} `json:"lesson"`
	Source   string            `json:"source"`
	Examples []labExample      `json:"examples"`
	Check    string            `json:"check"`
	Explore  string            `json:"explore"`
	Texts    map[string]string `json:"texts"`
}

// labExample is one of the built-in primitives written in the language.
type labExample struct {
	File   string `json:"file"`
	Source string `json:"source"`
}

// labScriptTexts are lab.js's strings.
var labScriptTexts = map[string]site.Phrase{
	"editor.label":  {"The primitive's source", "原语的源代码"},
	"editor.hint":   {"Tab indents. Press Escape, then Tab, to leave the editor.", "Tab 缩进。按 Escape 再按 Tab 可离开编辑器。"},
	"checking":      {"Checking…", "正在检查…"},
	"failed":        {"The server could not answer: {msg}", "服务器无法回答：{msg}"},
	"ok":            {"It compiles: {labels} labelled steps; operations {ops}.", "编译通过：{labels} 个带标签的步骤；操作 {ops}。"},
	"errors":        {"{n} errors:", "{n} 处错误："},
	"errors.one":    {"1 error:", "1 处错误："},
	"runs.schedule": {"Schedule", "调度"},
	"runs.expect":   {"Expected", "预期"},
	"runs.got":      {"With this primitive", "用这个原语"},
	"exploring":     {"The explorer is searching every execution…", "探索器正在搜索每一种执行……"},
	"passed":        {"Passed: the explorer verified every execution.", "通过：探索器验证了每一种执行。"},
	"verified":      {"No bug: every execution is ok.", "没有缺陷：每一种执行都正常。"},
	"notpassed":     {"Not passed yet: the explorer found a bug.", "尚未通过：探索器找到了一个缺陷。"},
	"found":         {"The explorer found a bug.", "探索器找到了一个缺陷。"},
	"unfinished":    {"Not verified: the explorer did not finish its search, and found no bug in what it searched.", "未验证：探索器没有完成搜索，在已搜索的部分中没有发现缺陷。"},
	"schedule.more": {"… and {n} more", "……还有 {n} 步"},
	"check.end":     {". ", "。"},
	"check.open":    {"Open it in the playground", "在演练场中打开"},
	"load.confirm":  {"Replace your source with {file}?", "用 {file} 替换你的源代码吗？"},
	"share":         {"Copy link", "复制链接"},
	"share.copied":  {"Copied", "已复制"},
	"share.copy":    {"Copy this link:", "复制这个链接："},
}

// ServeLab renders the lab: the lesson ?lesson= (by default the first
// with an assignment), the source the link carries in ?src=, or the
// example ?from=, or the assignment's start, or the example that writes
// the lesson's primitive.
func (lb *Lab) ServeLab(w http.ResponseWriter, r *http.Request) error {
	lg := string(site.ResolveLang(w, r))
	q := r.URL.Query()
	id := q.Get("lesson")
	if id == "" {
		id = lb.lessons.All()[0].ID
		for _, l := range lb.lessons.All() {
			if l.Assignment != nil {
				id = l.ID
				break
			}
		}
	}
	ll, err := lb.resolve(labRequest{Lang: lg, Lesson: id, Variant: q.Get("variant")})
	if err != nil {
		var he *site.Error
		if errors.As(err, &he) {
			he.Status = http.StatusNotFound
		}
		return err
	}
	exs, err := labExamples()
	if err != nil {
		return err
	}
	in := labInitial{Lang: lg, Check: "/lab/check", Explore: "/lab/explore", Examples: exs, Texts: map[string]string{}}
	in.Lesson.ID, in.Lesson.Title = ll.lesson.ID, ll.lesson.Title.In(lg)
	from := q.Get("from")
	if from == "" {
		switch l := ll.lesson; {
		case l.Assignment != nil:
			from = l.Assignment.Start
		case l.Example != "":
			from = l.Example
		case l.Written() != nil:
			in.Source = l.Written().Source()
		default:
			from = examples.File(l.Primitive, ll.variant)
		}
	}
	for _, e := range exs {
		if e.File == from {
			in.Source = e.Source
		}
	}
	if in.Source == "" {
		from = exs[0].File
		in.Source = exs[0].Source
	}
	if q.Has("src") {
		text, err := share.DecodeText(q.Get("src"))
		if err != nil {
			return site.BadRequest(share.SourceMessage(err, lg), err)
		}
		in.Source = string(text)
	}
	for k, v := range labScriptTexts {
		in.Texts[k] = v.In(lg)
	}
	page := templates.LabPage{Chrome: lb.pages.Chrome(r, lg, templates.LabText(lg, "lab.title")), Initial: in}
	page.Lesson = templates.Link{Key: ll.lesson.ID, Text: ll.lesson.Title.In(lg)}
	if a := ll.lesson.Assignment; a != nil {
		page.Task = a.Task.In(lg)
	}
	for _, l := range lb.lessons.All() {
		text := l.Title.In(lg)
		if l.Assignment != nil {
			text = "★ " + text
		}
		page.Lessons = append(page.Lessons, templates.Link{Key: l.ID, Text: text, Current: l.ID == ll.lesson.ID})
	}
	for _, v := range ll.lesson.Variants {
		page.Variants = append(page.Variants, templates.Link{Key: v, Text: v, Current: v == ll.variant})
	}
	for _, e := range exs {
		page.Examples = append(page.Examples, templates.Link{Key: e.File, Text: e.File, Current: e.File == from})
	}
	return lb.pages.Render(w, r, templates.Lab(page))
}

// labExamples are the examples, in file order.
func labExamples() ([]labExample, error) {
	names, err := fs.Glob(examples.FS, "*.lsp")
	if err != nil || len(names) == 0 {
		return nil, fmt.Errorf("the examples: %v", err)
	}
	out := make([]labExample, len(names))
	for i, n := range names {
		b, err := fs.ReadFile(examples.FS, n)
		if err != nil {
			return nil, err
		}
		out[i] = labExample{File: n, Source: string(b)}
	}
	return out, nil
}

// readLab decodes a lab request (a JSON body of at most maxLabBody bytes)
// and resolves its lesson. On failure it has written the JSON error.
func (lb *Lab) read(w http.ResponseWriter, r *http.Request) (labLesson, labRequest, bool) {
	lg := string(site.ResolveLang(w, r))
	r.Body = http.MaxBytesReader(w, r.Body, maxLabBody)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	var req labRequest
	if err := dec.Decode(&req); err != nil {
		msg := site.Phrase{"The request could not be read: " + site.JSONProblem(err) + ".", "无法读取请求：" + site.JSONProblem(err) + "。"}
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			msg = site.Phrase{fmt.Sprintf("The source is larger than %d bytes.", maxLabBody), fmt.Sprintf("源代码超过了 %d 字节。", maxLabBody)}
		}
		_ = labFail(w, http.StatusBadRequest, msg.In(lg))
		return labLesson{}, req, false
	}
	if req.Lang == "" {
		req.Lang = lg
	}
	ll, err := lb.resolve(req)
	if err != nil {
		var he *site.Error
		msg := err.Error()
		if errors.As(err, &he) {
			msg = he.Msg
		}
		_ = labFail(w, http.StatusBadRequest, msg)
		return labLesson{}, req, false
	}
	return ll, req, true
}

// labFail answers a lab request with an error the page shows.
func labFail(w http.ResponseWriter, status int, msg string) error {
	return site.WriteJSON(w, status, map[string]string{"error": msg})
}

// ServeCheck compiles the source and replays the lesson with it.
func (lb *Lab) ServeCheck(w http.ResponseWriter, r *http.Request) error {
	ll, req, ok := lb.read(w, r)
	if !ok {
		return nil
	}
	done, ok := lb.compiling(r.Context())
	if !ok {
		return labFail(w, http.StatusServiceUnavailable, busyCompiling.In(ll.lang))
	}
	defer done()
	return site.WriteJSON(w, http.StatusOK, checkLab(ll, req.Source))
}

// ServeExplore runs the explorer on the source: the assignment's grade,
// or the search for the first bug.
func (lb *Lab) ServeExplore(w http.ResponseWriter, r *http.Request) error {
	ll, req, ok := lb.read(w, r)
	if !ok {
		return nil
	}
	done, ok := lb.compiling(r.Context())
	if !ok {
		return labFail(w, http.StatusServiceUnavailable, busyCompiling.In(ll.lang))
	}
	d, errs := compileLab(ll, req.Source)
	done()
	if errs != nil {
		msgs := make([]string, len(errs))
		for i, e := range errs {
			msgs[i] = fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Message)
		}
		return labFail(w, http.StatusBadRequest, strings.Join(msgs, "; "))
	}
	reply, err := lb.explore(r.Context(), site.ClientOf(r), ll, d, req.Source)
	if err != nil {
		status, msg := http.StatusBadRequest, err.Error()
		var he *site.Error
		if errors.As(err, &he) {
			status, msg = he.Status, he.Msg
		}
		return labFail(w, status, msg)
	}
	return site.WriteJSON(w, http.StatusOK, reply)
}
