package scenarios

import (
	"fmt"

	"lockstep/primitives"
	"lockstep/primitives/composed"
)

// config is what a lesson says about its primitive's initial state.
type config struct {
	count int  // init "count": the wait_group's or latch's count
	set   bool // init "set": the event starts set
	value bool // an event<int>
	// capacity is init "capacity": a channel's.
	capacity int
}

// constructor builds one variant of a primitive.
type constructor func(c config) primitives.Primitive

// primitiveKind is one primitive: its object's name and its variants.
type primitiveKind struct {
	object   string // the name of its object in memory
	variants []string
	build    map[string]constructor
}

// kinds is the table of primitives and variants. It is a function, not a
// package variable, so every caller gets its own and nothing registers
// itself.
func kinds() map[string]primitiveKind {
	return map[string]primitiveKind{
		"event": {
			object:   "ev",
			variants: []string{"tinycoro", "fixed"},
			build: map[string]constructor{
				"tinycoro": func(c config) primitives.Primitive { return &primitives.Event{Set: c.set, Value: c.value} },
				"fixed":    func(c config) primitives.Primitive { return &primitives.EventFixed{Set: c.set, Value: c.value} },
			},
		},
		"latch": {
			object:   "latch",
			variants: []string{"tinycoro", "fixed"},
			build: map[string]constructor{
				"tinycoro": func(c config) primitives.Primitive { return &primitives.Latch{Count: int64(c.count)} },
				"fixed":    func(c config) primitives.Primitive { return &primitives.Latch{Count: int64(c.count), Fixed: true} },
			},
		},
		"mutex": {
			object:   "mtx",
			variants: []string{"tinycoro", "lifo"},
			build: map[string]constructor{
				"tinycoro": func(config) primitives.Primitive { return &primitives.Mutex{} },
				"lifo":     func(config) primitives.Primitive { return &primitives.MutexLIFO{} },
			},
		},
		"condition_variable": {
			object:   "cv",
			variants: []string{"tinycoro"},
			build: map[string]constructor{
				"tinycoro": func(config) primitives.Primitive { return &composed.CondVar{} },
			},
		},
		"channel": {
			object:   "ch",
			variants: []string{"tinycoro", "fixed"},
			build: map[string]constructor{
				"tinycoro": func(c config) primitives.Primitive { return &composed.Channel{Capacity: c.capacity} },
				"fixed":    func(c config) primitives.Primitive { return &composed.Channel{Capacity: c.capacity, Fixed: true} },
			},
		},
		"when_all": {
			object:   "wa",
			variants: []string{"tinycoro", "fixed-event", "fixed"},
			build: map[string]constructor{
				"tinycoro": func(c config) primitives.Primitive { return &primitives.WhenAll{Count: int64(c.count)} },
				"fixed-event": func(c config) primitives.Primitive {
					return &primitives.WhenAll{Count: int64(c.count), FixedEvent: true}
				},
				"fixed": func(c config) primitives.Primitive { return &primitives.WhenAll{Count: int64(c.count), Fixed: true} },
			},
		},
		"litmus": {
			object:   "mem",
			variants: primitives.LitmusVariants,
			build: map[string]constructor{
				"relaxed": func(config) primitives.Primitive { return &primitives.Litmus{Variant: "relaxed"} },
				"acq_rel": func(config) primitives.Primitive { return &primitives.Litmus{Variant: "acq_rel"} },
				"seq_cst": func(config) primitives.Primitive { return &primitives.Litmus{Variant: "seq_cst"} },
			},
		},
		"wait_group": {
			object:   "wg",
			variants: []string{"tinycoro", "fixed", "go"},
			build: map[string]constructor{
				"tinycoro": func(c config) primitives.Primitive { return &primitives.WaitGroup{Count: int32(c.count)} },
				"fixed":    func(c config) primitives.Primitive { return &primitives.WaitGroupFixed{Count: int32(c.count)} },
				"go":       func(c config) primitives.Primitive { return &primitives.GoWaitGroup{Count: int32(c.count)} },
			},
		},
	}
}

// knownVariants maps each primitive to its variants, for validation.
func knownVariants() map[string][]string {
	out := map[string][]string{}
	for name, k := range kinds() {
		out[name] = k.variants
	}
	return out
}

func newPrimitive(kind, variant string, c config) (primitives.Primitive, string, error) {
	k, ok := kinds()[kind]
	if !ok {
		return nil, "", fmt.Errorf("unknown primitive %q", kind)
	}
	b, ok := k.build[variant]
	if !ok {
		return nil, "", fmt.Errorf("%s has no variant %q", kind, variant)
	}
	return b(c), k.object, nil
}
