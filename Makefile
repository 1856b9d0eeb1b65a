# Lockstep's everyday commands. Each target is one command; the logic lives
# in Go. `make test` is the whole test suite, browser tests included.

.PHONY: run test generate check golden bench fuzz

run:
	go run .

test:
	go test -timeout 30m ./...

generate:
	go tool templ generate

check:
	test -z "$$(gofmt -l .)"
	go vet ./...
	go tool templ generate
	git diff --exit-code -- '*_templ.go'

golden:
	go test . -run 'TestGolden' -update

bench:
	go test -run '^$$' -bench . -benchmem ./sim/...

fuzz:
	go test -run '^$$' -fuzz FuzzParseSchedule -fuzztime 10s ./sim
	go test -run '^$$' -fuzz FuzzDecodeScenario -fuzztime 10s ./scenarios
	go test -run '^$$' -fuzz FuzzScript -fuzztime 10s ./scenarios
	go test -run '^$$' -fuzz FuzzCompile -fuzztime 10s ./primitives/lang
	go test -run '^$$' -fuzz FuzzCustomLesson -fuzztime 10s ./web/share
	go test -run '^$$' -fuzz FuzzLinkQuery -fuzztime 10s ./web/share
	go test -run '^$$' -fuzz FuzzComposeCheck -fuzztime 10s ./web/share
	go test -run '^$$' -fuzz FuzzSession -fuzztime 10s ./web/playground
	go test -run '^$$' -fuzz FuzzRoomProtocol -fuzztime 10s ./web/classroom
