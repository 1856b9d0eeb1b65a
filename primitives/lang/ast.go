package lang

// The syntax tree of a primitive, as parsed. Every node has the place it
// starts at, for errors.

// file is one primitive's source.
type file struct {
	name   string
	pos    Pos
	params []*param
	consts []*constDecl
	fields []*fieldDecl
	facts  []*fact
	ops    []*opDecl
}

// param is a parameter: of the primitive (its constructor's, set by a
// lesson's init) or of an operation (the script's argument).
type param struct {
	name string
	typ  typ
	def  expr // the default; nil for none (zero)
	pos  Pos
}

// constDecl is `const TYPE NAME = EXPR;`: a name for a value.
type constDecl struct {
	name  string
	typ   typ
	value expr
	pos   Pos
}

// fieldDecl is one member of the primitive's object.
type fieldDecl struct {
	name   string
	typ    typ
	atomic bool
	init   expr   // nil: zero
	shows  []show // values shown by name
	cond   expr   // `if (COND)`: the field exists only when it holds; nil: always
	pos    Pos
}

// show is `[[show(VALUE, "name")]]`: the stage shows VALUE as name.
type show struct {
	value expr
	text  string
	pos   Pos
}

// factKind says what a fact declares.
type factKind uint8

const (
	factOpen factKind = iota // open: the wait condition
	factFree                 // free: the lock is free
	factList                 // list: a waiter list to draw
)

// fact is `open: EXPR [as "text"];`, `free: ...` or `list NAME [: EXPR];`.
type fact struct {
	kind factKind
	name string // a list's name
	x    expr   // nil for a list headed by its field's value
	text string // the condition in words; "" for the expression's source
	pos  Pos
}

// opDecl is an operation.
type opDecl struct {
	name    string
	attrs   []string // awaiter, waiting, lock, unlock
	private bool     // callable only from other operations
	param   *param   // nil: takes no argument
	cond    expr     // `if (COND)`: the operation exists only when it holds; nil: always
	body    *block
	pos     Pos
	end     Pos // the closing brace
}

// stmt is a statement.
type stmt interface{ at() Pos }

type (
	block struct {
		stmts []stmt
		pos   Pos
	}
	// labeled is `LABEL: stmt`: the label names the statement's access.
	labeled struct {
		label string
		s     stmt
		pos   Pos
	}
	declStmt struct {
		name string
		typ  typ // tAuto: from the initializer
		init expr
		pos  Pos
	}
	assignStmt struct {
		target expr
		op     string // "=", "+=", "-="
		value  expr
		pos    Pos
	}
	exprStmt struct {
		x   expr
		pos Pos
	}
	ifStmt struct {
		cond       expr
		then, els_ stmt
		pos        Pos
	}
	whileStmt struct {
		cond expr
		body stmt
		do   bool // do body while (cond);
		pos  Pos
	}
	branchStmt struct {
		brk bool // break; else continue
		pos Pos
	}
	returnStmt struct {
		value expr // nil: return;
		pos   Pos
	}
	suspendStmt struct {
		pos Pos
	}
)

func (s *block) at() Pos       { return s.pos }
func (s *labeled) at() Pos     { return s.pos }
func (s *declStmt) at() Pos    { return s.pos }
func (s *assignStmt) at() Pos  { return s.pos }
func (s *exprStmt) at() Pos    { return s.pos }
func (s *ifStmt) at() Pos      { return s.pos }
func (s *whileStmt) at() Pos   { return s.pos }
func (s *branchStmt) at() Pos  { return s.pos }
func (s *returnStmt) at() Pos  { return s.pos }
func (s *suspendStmt) at() Pos { return s.pos }

// expr is an expression.
type expr interface{ at() Pos }

type (
	ident struct {
		name string
		pos  Pos
	}
	intLit struct {
		val uint64
		pos Pos
	}
	boolLit struct {
		val bool
		pos Pos
	}
	nullLit struct{ pos Pos }
	thisLit struct{ pos Pos }
	strLit  struct {
		val string
		pos Pos
	}
	unary struct {
		op  string // ! - ~ &
		x   expr
		pos Pos
	}
	binary struct {
		op   string
		x, y expr
		pos  Pos
	}
	ternary struct {
		cond, yes, no expr
		pos           Pos
	}
	// call is NAME(args): a builtin, a cast, or another operation.
	call struct {
		fun  string
		args []expr
		pos  Pos
	}
	// method is X.NAME(args) or X->NAME(args): an atomic operation on a
	// field, a resume.
	method struct {
		x     expr
		name  string
		arrow bool
		args  []expr
		pos   Pos
	}
	// member is X.NAME or X->NAME: a pair's half, an awaiter's field, a
	// dotted field name (m_ev.m_state).
	member struct {
		x     expr
		name  string
		arrow bool
		pos   Pos
	}
	cast struct {
		typ typ
		x   expr
		pos Pos
	}
)

func (e *ident) at() Pos   { return e.pos }
func (e *intLit) at() Pos  { return e.pos }
func (e *boolLit) at() Pos { return e.pos }
func (e *nullLit) at() Pos { return e.pos }
func (e *thisLit) at() Pos { return e.pos }
func (e *strLit) at() Pos  { return e.pos }
func (e *unary) at() Pos   { return e.pos }
func (e *binary) at() Pos  { return e.pos }
func (e *ternary) at() Pos { return e.pos }
func (e *call) at() Pos    { return e.pos }
func (e *method) at() Pos  { return e.pos }
func (e *member) at() Pos  { return e.pos }
func (e *cast) at() Pos    { return e.pos }
