// Package litmus reads the litmus corpus: named litmus tests, each with
// its forms (the same shape with other memory orders) and the verdict of
// the outcome it is about, under C++20's memory model (RC11 with C++20's
// release sequences) and under herd7's rc11.cat (RC11's own release
// sequences). Package scenarios turns each test into a lesson written in
// Lockstep's language; the tests check the verdicts against the oracle
// of package lockstep/sim/rc11 and the explorer's outcomes against the
// oracle's.
//
// # The format
//
// A corpus file (*.litmus) is a list of tests, one line a statement; `#`
// starts a comment, and blank lines are ignored. A test:
//
//	test MP
//	title en "MP: a flag that carries data"
//	title zh "MP：携带数据的标志"
//	about en "the flag without the data"
//	about zh "看到标志却没看到数据"
//	thread P
//	  x.store(1, RX)
//	  y.store(1, W)
//	thread Q
//	  r1 = y.load(R)
//	  r2 = x.load(RX)
//	outcome r1=1 r2=0
//	form relaxed W=relaxed R=relaxed RX=relaxed allowed herd=allowed
//	form acq-rel W=release R=acquire RX=relaxed forbidden herd=forbidden
//	end
//
// test NAME starts a test (letters, digits, '+', '.', '-' and '_', from a
// capital or a digit). The
// title and about lines give the test's title and the words for its
// outcome in English and Chinese ("the flag without the data"); a note
// line, optional, in both languages too, says more (where C++20 and
// RC11 differ). thread NAME starts a thread (at most 4, each at most 4
// instructions, an instruction a line):
//
//	x.store(V, ORD)
//	rN = x.load(ORD)
//	[rN =] x.exchange(V, ORD)
//	[rN =] x.fetch_add(V, ORD)
//	[rN =] x.compare_exchange_strong(EXPECTED, V, ORD, FAIL_ORD)
//	atomic_thread_fence(ORD)
//
// Registers are r1..r16, each filled by one read at most, and keep the
// value read (for a compare-exchange, what it read, equal to EXPECTED
// when it succeeded); locations are other lower-case names, initially 0.
// An order is relaxed, acquire, release, acq_rel or seq_cst, or an
// upper-case name that each form binds. outcome lists the registers and
// final location values of the outcome the test is about. Each form line
// names the form (lower-case letters, digits and '-'), binds every order
// name, and gives the verdicts of that outcome: allowed or forbidden by
// C++20 (the first word) and herd=allowed or herd=forbidden, herd7
// 7.57's under rc11.cat. end closes the test.
//
// Errors name the file, line and column.
package litmus
