package scenarios

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"lockstep/sim"
)

// A script is what a coroutine does, as a sequence of operations:
//
//	wait                      co_await prim.wait()
//	add 2; wait               arguments follow the operation
//	repeat 3 { lock; cs; unlock }
//
// Statements are separated by ';' or newlines. "repeat N { ... }" runs its
// body N times (1 to 1000; two levels at most). The operations are the
// primitive's (wait, done, add, set, count_down, lock, unlock...) and "cs",
// a critical section that increments a shared plain counter.

// opInfo is what the script compiler knows of an operation.
type opInfo struct {
	index  int
	hasArg bool
}

// compileScript turns a script into instructions. ops resolves an operation
// name.
func compileScript(src string, ops func(string) (opInfo, bool), names []string) ([]sim.Instr, error) {
	toks, err := tokenize(src)
	if err != nil {
		return nil, err
	}
	c := &compiler{toks: toks, ops: ops, names: names}
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
	toks  []token
	pos   int
	out   []sim.Instr
	ops   func(string) (opInfo, bool)
	names []string
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
func (c *compiler) block(depth int) ([]sim.Instr, error) {
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
		default:
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
	c.out = append(c.out, sim.Instr{Kind: sim.Repeat, Op: depth, Arg: sim.Word(n)})
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
	c.out = append(c.out, sim.Instr{Kind: sim.EndLoop, Op: depth, Arg: sim.Word(start)})
	return nil
}

func (c *compiler) call(name string) error {
	info, ok := c.ops(name)
	if !ok {
		return c.errorf("unknown operation %q (this primitive has: %s)", name, strings.Join(c.names, ", "))
	}
	c.pos++
	in := sim.Instr{Kind: sim.Call, Op: info.index}
	arg := c.peek()
	switch {
	case info.hasArg && (arg == "" || arg == ";" || arg == "}" || arg == "{"):
		return c.errorf("%s needs a number", name)
	case info.hasArg:
		n, err := strconv.ParseInt(arg, 10, 32)
		if err != nil {
			return c.errorf("%s needs a number, not %q", name, arg)
		}
		in.Arg = sim.Word(n)
		c.pos++
	case arg != "" && arg != ";" && arg != "}":
		return c.errorf("%s takes no argument", name)
	}
	c.out = append(c.out, in)
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
