package syntax

// The syntax tree of a primitive, as parsed. Every node has the place it
// starts at, for errors.

// File is one primitive's source.
type File struct {
	Name   string
	Pos    Pos
	Params []*Param
	Consts []*ConstDecl
	Fields []*FieldDecl
	Facts  []*Fact
	Ops    []*OpDecl
}

// Param is a parameter: of the primitive (its constructor's, set by a
// lesson's init) or of an operation (the script's argument).
type Param struct {
	Name string
	Type Type
	Def  Expr // the default; nil for none (zero)
	Pos  Pos
}

// ConstDecl is `const TYPE NAME = EXPR;`: a name for a value.
type ConstDecl struct {
	Name  string
	Type  Type
	Value Expr
	Pos   Pos
}

// FieldDecl is one member of the primitive's object.
type FieldDecl struct {
	Name   string
	Type   Type
	Atomic bool
	Init   Expr   // nil: zero
	Shows  []Show // values shown by name
	Cond   Expr   // `if (COND)`: the field exists only when it holds; nil: always
	Pos    Pos
}

// Show is `[[show(VALUE, "name")]]`: the stage shows VALUE as name.
type Show struct {
	Value Expr
	Text  string
	pos   Pos
}

// FactKind says what a fact declares.
type FactKind uint8

const (
	FactOpen FactKind = iota // open: the wait condition
	FactFree                 // free: the lock is free
	FactList                 // list: a waiter list to draw
)

// Fact is `open: EXPR [as "text"];`, `free: ...` or `list NAME [: EXPR];`.
type Fact struct {
	Kind FactKind
	Name string // a list's name
	X    Expr   // nil for a list headed by its field's value
	Text string // the condition in words; "" for the expression's source
	Pos  Pos
}

// OpDecl is an operation.
type OpDecl struct {
	Name    string
	Attrs   []string // awaiter, waiting, lock, unlock
	Private bool     // callable only from other operations
	Param   *Param   // nil: takes no argument
	Cond    Expr     // `if (COND)`: the operation exists only when it holds; nil: always
	Body    *Block
	Pos     Pos
	End     Pos // the closing brace
}

// Stmt is a statement.
type Stmt interface{ At() Pos }

type (
	Block struct {
		Stmts []Stmt
		pos   Pos
	}
	// Labeled is `LABEL: stmt`: the label names the statement's access.
	Labeled struct {
		Label string
		S     Stmt
		Pos   Pos
	}
	DeclStmt struct {
		Name string
		Type Type // tAuto: from the initializer
		Init Expr
		Pos  Pos
	}
	AssignStmt struct {
		Target Expr
		Op     string // "=", "+=", "-="
		Value  Expr
		Pos    Pos
	}
	ExprStmt struct {
		X   Expr
		Pos Pos
	}
	IfStmt struct {
		Cond       Expr
		Then, Else Stmt
		Pos        Pos
	}
	WhileStmt struct {
		Cond Expr
		Body Stmt
		Do   bool // do body while (cond);
		Pos  Pos
	}
	BranchStmt struct {
		Brk bool // break; else continue
		Pos Pos
	}
	ReturnStmt struct {
		Value Expr // nil: return;
		Pos   Pos
	}
	SuspendStmt struct {
		Pos Pos
	}
	// SpinStmt is `spin;`, the whole body of a spin-wait: `while (COND)
	// spin;` only re-reads one atomic cell until another thread writes it.
	SpinStmt struct {
		Pos Pos
	}
)

func (s *Block) At() Pos       { return s.pos }
func (s *Labeled) At() Pos     { return s.Pos }
func (s *DeclStmt) At() Pos    { return s.Pos }
func (s *AssignStmt) At() Pos  { return s.Pos }
func (s *ExprStmt) At() Pos    { return s.Pos }
func (s *IfStmt) At() Pos      { return s.Pos }
func (s *WhileStmt) At() Pos   { return s.Pos }
func (s *BranchStmt) At() Pos  { return s.Pos }
func (s *ReturnStmt) At() Pos  { return s.Pos }
func (s *SuspendStmt) At() Pos { return s.Pos }
func (s *SpinStmt) At() Pos    { return s.Pos }

// Expr is an expression.
type Expr interface{ At() Pos }

type (
	Ident struct {
		Name string
		Pos  Pos
	}
	IntLit struct {
		Val uint64
		pos Pos
	}
	BoolLit struct {
		Val bool
		pos Pos
	}
	NullLit struct{ pos Pos }
	ThisLit struct{ Pos Pos }
	StrLit  struct {
		Val string
		Pos Pos
	}
	Unary struct {
		Op  string // ! - ~ &
		X   Expr
		Pos Pos
	}
	Binary struct {
		Op   string
		X, Y Expr
		Pos  Pos
	}
	Ternary struct {
		Cond, Yes, No Expr
		Pos           Pos
	}
	// Call is NAME(args): a builtin, a cast, or another operation.
	Call struct {
		Fun  string
		Args []Expr
		Pos  Pos
	}
	// Method is X.NAME(args) or X->NAME(args): an atomic operation on a
	// field, a resume.
	Method struct {
		X     Expr
		Name  string
		arrow bool
		Args  []Expr
		Pos   Pos
	}
	// Member is X.NAME or X->NAME: a pair's half, an awaiter's field, a
	// dotted field name (m_ev.m_state).
	Member struct {
		X     Expr
		Name  string
		Arrow bool
		Pos   Pos
	}
	Cast struct {
		Type Type
		X    Expr
		Pos  Pos
	}
)

func (e *Ident) At() Pos   { return e.Pos }
func (e *IntLit) At() Pos  { return e.pos }
func (e *BoolLit) At() Pos { return e.pos }
func (e *NullLit) At() Pos { return e.pos }
func (e *ThisLit) At() Pos { return e.Pos }
func (e *StrLit) At() Pos  { return e.Pos }
func (e *Unary) At() Pos   { return e.Pos }
func (e *Binary) At() Pos  { return e.Pos }
func (e *Ternary) At() Pos { return e.Pos }
func (e *Call) At() Pos    { return e.Pos }
func (e *Method) At() Pos  { return e.Pos }
func (e *Member) At() Pos  { return e.Pos }
func (e *Cast) At() Pos    { return e.Pos }
