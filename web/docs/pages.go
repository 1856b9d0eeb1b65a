package docs

// Pages returns every page of the docs in the order the table of contents
// lists them: the primitives, then the bugs in the digest's order. Each
// call builds the pages anew; they are constant data.
func Pages() []*Page {
	return []*Page{
		eventPage(),
		latchPage(),
		waitGroupPage(),
		mutexPage(),
		goWaitGroupPage(),
		b1Page(),
		b2Page(),
		b4Page(),
		b5Page(),
		b6Page(),
		b7Page(),
		b8Page(),
		b10Page(),
		goPanicsPage(),
	}
}
