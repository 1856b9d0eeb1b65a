package scenarios

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"lockstep/primitives"
	"lockstep/sim/program"
)

// A script is what a coroutine does, as a sequence of operations:
//
//	wait                      co_await prim.wait()
//	add 2; wait               arguments follow the operation
//	repeat 3 { lock; cs; unlock }
//	if try_lock { cs; unlock } else { lock; cs; unlock }
//	lock_guard { cs }         a guard: its destructor runs at the }
//	add 1; spawn D; wait      start the spawned coroutine D (go f())
//	store release             an argument in words: a memory order
//
// Statements are separated by ';' or newlines. "repeat N { ... }" runs its
// body N times (1 to 1000; two levels at most). "if OP { ... }" calls an
// operation that returns whether it succeeded (try_lock, a channel's send
// and recv) and runs the block when it did, or the "else { ... }" block
// when it did not. A guard's block ("lock_guard { ... }", "event_guard {
// ... }") opens the guard, runs the block and calls what the guard's
// destructor calls (unlock, set, count_down). The operations are the
// primitive's (wait, done, add, set, count_down, lock, unlock...) and "cs",
// a critical section that increments a shared plain counter. "spawn NAME"
// starts a coroutine declared "spawned" (or the next one of such a group)
// on its context, in one step (SP1), as submit_to_context of a new task
// or Go's go statement do. An operation whose argument has names
// (Operation.ArgNames: a written primitive's memory_order argument) takes
// one of those words in place of a number.

// maxBlocks bounds how deep if and guard blocks nest.
const maxBlocks = 8

// opTable is what the script compiler knows of a primitive: its
// operations, "cs" included, and its guards.
type opTable struct {
	ops    []primitives.Operation
	guards []primitives.Guard
	// spawns are the spawn operations, by the name of the coroutine or
	// group they start; their indices follow ops.
	spawns map[string]int
}

// op returns the index of the operation named name, or -1.
func (t *opTable) op(name string) int {
	return slices.IndexFunc(t.ops, func(o primitives.Operation) bool { return o.Name == name })
}

// guard returns the guard named name.
func (t *opTable) guard(name string) (primitives.Guard, bool) {
	i := slices.IndexFunc(t.guards, func(g primitives.Guard) bool { return g.Name == name })
	if i < 0 {
		return primitives.Guard{}, false
	}
	return t.guards[i], true
}

// names lists the operations, then the guards, for an error message.
func (t *opTable) names() string {
	var names []string
	for _, o := range t.ops {
		names = append(names, o.Name)
	}
	for _, g := range t.guards {
		if !slices.Contains(names, g.Name) {
			names = append(names, g.Name+" {}")
		}
	}
	return strings.Join(names, ", ")
}

// compileScript turns a script into instructions for the operations and
// guards of table.
func compileScript(src string, table *opTable) ([]program.Instr, error) {
	toks, err := tokenize(src)
	if err != nil {
		return nil, err
	}
	c := &compiler{toks: toks, table: table}
	prog, err := c.block(0)
	if err != nil {
		return nil, err
	}
	if c.pos < len(c.toks) {
		return nil, c.errorf("unexpected %q", c.toks[c.pos].text)
	}
	if len(prog) == 0 {
		return nil, fmt.Errorf("the script is empty")
	}
	return prog, nil
}

type token struct {
	text string
	col  int
}

func tokenize(src string) ([]token, error) {
	var toks []token
	for i := 0; i < len(src); {
		r := rune(src[i])
		switch {
		case r == '\n' || r == ';':
			toks = append(toks, token{";", i + 1})
			i++
		case unicode.IsSpace(r):
			i++
		case r == '{' || r == '}':
			toks = append(toks, token{string(r), i + 1})
			i++
		case r == '-' || r == '+' || r == '_' || r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			j := i + 1
			for j < len(src) && (src[j] == '_' || src[j] < unicode.MaxASCII && (unicode.IsLetter(rune(src[j])) || unicode.IsDigit(rune(src[j])))) {
				j++
			}
			toks = append(toks, token{src[i:j], i + 1})
			i = j
		default:
			return nil, fmt.Errorf("column %d: unexpected %q", i+1, src[i:i+1])
		}
	}
	return toks, nil
}

type compiler struct {
	toks   []token
	pos    int
	out    []program.Instr
	table  *opTable
	blocks int // if and guard blocks open
}

func (c *compiler) errorf(format string, a ...any) error {
	col := 0
	if c.pos < len(c.toks) {
		col = c.toks[c.pos].col
	} else if len(c.toks) > 0 {
		col = c.toks[len(c.toks)-1].col
	}
	return fmt.Errorf("column %d: %s", col, fmt.Sprintf(format, a...))
}

func (c *compiler) peek() string {
	if c.pos < len(c.toks) {
		return c.toks[c.pos].text
	}
	return ""
}

// block compiles statements until '}' or the end, at loop depth depth.
func (c *compiler) block(depth int) ([]program.Instr, error) {
	for c.pos < len(c.toks) {
		switch t := c.peek(); t {
		case ";":
			c.pos++
		case "}":
			return c.out, nil
		case "repeat":
			if err := c.repeat(depth); err != nil {
				return nil, err
			}
		case "if":
			if err := c.ifBlock(depth); err != nil {
				return nil, err
			}
		case "spawn":
			if err := c.spawn(); err != nil {
				return nil, err
			}
		default:
			if c.pos+1 < len(c.toks) && c.toks[c.pos+1].text == "{" {
				if err := c.guardBlock(t, depth); err != nil {
					return nil, err
				}
				continue
			}
			if err := c.call(t); err != nil {
				return nil, err
			}
		}
	}
	return c.out, nil
}

func (c *compiler) repeat(depth int) error {
	if depth >= 2 {
		return c.errorf("repeat nests at most two deep")
	}
	c.pos++
	n, err := strconv.Atoi(c.peek())
	if err != nil || n < 1 || n > 1000 {
		return c.errorf("repeat needs a count from 1 to 1000")
	}
	c.pos++
	if c.peek() != "{" {
		return c.errorf("repeat %d needs a { body }", n)
	}
	c.pos++
	c.out = append(c.out, program.Instr{Kind: program.Repeat, Op: depth, Arg: program.Word(n)})
	start := len(c.out)
	if _, err := c.block(depth + 1); err != nil {
		return err
	}
	if c.peek() != "}" {
		return c.errorf("missing } to close repeat")
	}
	if len(c.out) == start {
		return c.errorf("the repeat body is empty")
	}
	c.pos++
	c.out = append(c.out, program.Instr{Kind: program.EndLoop, Op: depth, Arg: program.Word(start)})
	return nil
}

func (c *compiler) call(name string) error {
	i := c.table.op(name)
	if i < 0 {
		return c.errorf("unknown operation %q (this primitive has: %s)", name, c.table.names())
	}
	op := c.table.ops[i]
	c.pos++
	in := program.Instr{Kind: program.Call, Op: i}
	arg := c.peek()
	switch {
	case op.HasArg && len(op.ArgNames) > 0:
		v := slices.Index(op.ArgNames, arg)
		if v < 0 || arg == "" {
			words := slices.DeleteFunc(slices.Clone(op.ArgNames), func(w string) bool { return w == "" })
			if arg == "" || arg == ";" || arg == "}" || arg == "{" {
				return c.errorf("%s needs one of %s", name, strings.Join(words, ", "))
			}
			return c.errorf("%s needs one of %s, not %q", name, strings.Join(words, ", "), arg)
		}
		in.Arg = program.Word(v)
		c.pos++
	case op.HasArg && (arg == "" || arg == ";" || arg == "}" || arg == "{"):
		return c.errorf("%s needs a number", name)
	case op.HasArg:
		n, err := strconv.ParseInt(arg, 10, 32)
		if err != nil {
			return c.errorf("%s needs a number, not %q", name, arg)
		}
		in.Arg = program.Word(n)
		c.pos++
	case arg != "" && arg != ";" && arg != "}" && arg != "{":
		return c.errorf("%s takes no argument", name)
	}
	c.out = append(c.out, in)
	return nil
}

// spawn compiles "spawn NAME".
func (c *compiler) spawn() error {
	c.pos++
	name := c.peek()
	if name == "" || name == ";" || name == "{" || name == "}" {
		return c.errorf("spawn needs the name of a spawned coroutine")
	}
	i, ok := c.table.spawns[name]
	if !ok {
		return c.errorf("%s is not a spawned coroutine (declare it with \"spawned\": true)", name)
	}
	c.pos++
	c.out = append(c.out, program.Instr{Kind: program.Call, Op: i})
	return nil
}

// body compiles "{ statements }" at loop depth depth, as an if or guard
// block.
func (c *compiler) body(what string, depth int) error {
	if c.peek() != "{" {
		return c.errorf("%s needs a { body }", what)
	}
	if c.blocks >= maxBlocks {
		return c.errorf("blocks nest at most %d deep", maxBlocks)
	}
	c.blocks++
	c.pos++
	start := len(c.out)
	if _, err := c.block(depth); err != nil {
		return err
	}
	if c.peek() != "}" {
		return c.errorf("missing } to close %s", what)
	}
	if len(c.out) == start {
		return c.errorf("the %s body is empty", what)
	}
	c.pos++
	c.blocks--
	return nil
}

// ifBlock compiles "if OP [ARG] { ... } [else { ... }]": the call, a jump
// past the block when it returned false, the block, and the else block.
func (c *compiler) ifBlock(depth int) error {
	c.pos++
	name := c.peek()
	i := c.table.op(name)
	if i < 0 {
		return c.errorf("if needs an operation that returns whether it succeeded, not %q", name)
	}
	if !c.table.ops[i].Returns {
		return c.errorf("%s returns nothing to test with if", name)
	}
	if err := c.call(name); err != nil {
		return err
	}
	jump := len(c.out)
	c.out = append(c.out, program.Instr{Kind: program.JumpIfNot})
	if err := c.body("if "+name, depth); err != nil {
		return err
	}
	if c.peek() != "else" {
		c.out[jump].Arg = program.Word(len(c.out))
		return nil
	}
	c.pos++
	skip := len(c.out)
	c.out = append(c.out, program.Instr{Kind: program.Jump})
	c.out[jump].Arg = program.Word(len(c.out))
	if err := c.body("else", depth); err != nil {
		return err
	}
	c.out[skip].Arg = program.Word(len(c.out))
	return nil
}

// guardBlock compiles "GUARD { ... }": the guard's opening operation, the
// block, and the operation its destructor calls.
func (c *compiler) guardBlock(name string, depth int) error {
	g, ok := c.table.guard(name)
	if !ok {
		return c.errorf("%s is not a guard (this primitive has: %s)", name, c.table.names())
	}
	if g.Enter != "" {
		if err := c.call(g.Enter); err != nil {
			return err
		}
	} else {
		c.pos++
	}
	if err := c.body(name, depth); err != nil {
		return err
	}
	exit := c.table.op(g.Exit)
	if exit < 0 {
		return fmt.Errorf("guard %s: no operation %q", name, g.Exit) // a bug in the primitive
	}
	c.out = append(c.out, program.Instr{Kind: program.Call, Op: exit})
	return nil
}

// eval evaluates a count expression: a number, a parameter, or either
// plus or minus a number ("workers+1").
func eval(expr string, params map[string]int) (int, error) {
	expr = strings.ReplaceAll(expr, " ", "")
	if expr == "" {
		return 0, fmt.Errorf("empty expression")
	}
	base, off := expr, 0
	if i := strings.LastIndexAny(expr, "+-"); i > 0 {
		n, err := strconv.Atoi(expr[i:])
		if err != nil {
			return 0, fmt.Errorf("%q: after + or - comes a number", expr)
		}
		base, off = expr[:i], n
	}
	if n, err := strconv.Atoi(base); err == nil {
		return n + off, nil
	}
	v, ok := params[base]
	if !ok {
		return 0, fmt.Errorf("%q: no parameter %q", expr, base)
	}
	return v + off, nil
}
