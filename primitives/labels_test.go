package primitives

import "testing"

// TestEveryLabelHasDocAndCode checks that every label has a name, a doc
// and a line of code in the label tables.
func TestEveryLabelHasDocAndCode(t *testing.T) {
	for pc := 1; pc < int(numLabels); pc++ {
		name := LabelName(pc)
		if name == "?" {
			t.Errorf("label %d has no name", pc)
			continue
		}
		if LabelDoc(pc) == "" {
			t.Errorf("label %s has no doc", name)
		}
		if LabelCode(pc) == "" {
			t.Errorf("label %s has no line of code", name)
		}
	}
}

// TestOperationLines checks every operation of every primitive variant:
// its lines start at its entry label, name each label once, and each has
// code and a doc.
func TestOperationLines(t *testing.T) {
	prims := map[string]Primitive{
		"event":            &Event{},
		"event<T>":         &Event{Value: true},
		"event fixed":      &EventFixed{},
		"event<T> fixed":   &EventFixed{Value: true},
		"latch":            &Latch{Count: 1},
		"latch fixed":      &Latch{Count: 1, Fixed: true},
		"mutex":            &Mutex{},
		"mutex lifo":       &MutexLIFO{},
		"wait_group":       &WaitGroup{},
		"wait_group fixed": &WaitGroupFixed{},
		"wait_group go":    &GoWaitGroup{},
	}
	for name, p := range prims {
		p.Bind(16)
		ops := append(p.Ops(), (&CriticalSection{Counter: 40}).Operation())
		for _, op := range ops {
			if len(op.Lines) == 0 {
				t.Errorf("%s.%s has no lines", name, op.Name)
				continue
			}
			if op.Lines[0].Label != op.Entry {
				t.Errorf("%s.%s starts at %s; want its entry %s", name, op.Name, LabelName(op.Lines[0].Label), LabelName(op.Entry))
			}
			seen := map[int]bool{}
			for _, l := range op.Lines {
				if seen[l.Label] {
					t.Errorf("%s.%s names %s twice", name, op.Name, LabelName(l.Label))
				}
				seen[l.Label] = true
				if l.Code == "" || LabelDoc(l.Label) == "" {
					t.Errorf("%s.%s: %s has code %q, doc %q", name, op.Name, LabelName(l.Label), l.Code, LabelDoc(l.Label))
				}
			}
		}
	}
}
