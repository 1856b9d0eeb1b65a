# Lockstep's everyday commands. Each target is one command; the logic lives
# in Go. `make test` is the whole test suite, browser tests included.

.PHONY: run test generate check golden bench fuzz dist staticcheck

run:
	go run .

test:
	go test -timeout 30m ./...

generate:
	go tool templ generate

check:
	test -z "$$(gofmt -l .)"
	go vet ./...
	go tool staticcheck ./...
	go tool templ generate
	git diff --exit-code -- '*_templ.go'

staticcheck:
	go tool staticcheck ./...

# Static binaries for Linux, macOS and Windows on amd64 and arm64, and
# their SHA256SUMS, in dist/ (see internal/dist).
dist:
	go run ./internal/dist -o dist

golden:
	go test . -run 'TestGolden' -update

bench:
	go test -run '^$$' -bench . -benchmem ./sim/...

fuzz:
	# counts, not durations: see .ci/run
	go test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime 500000x ./sim/schedule
	go test -run '^$$' -fuzz '^FuzzDecodeScenario$$' -fuzztime 60000x ./scenarios
	go test -run '^$$' -fuzz '^FuzzScript$$' -fuzztime 60000x ./scenarios
	go test -run '^$$' -fuzz '^FuzzCompile$$' -fuzztime 60000x ./primitives/lang
	go test -run '^$$' -fuzz '^FuzzCustomLesson$$' -fuzztime 15000x ./web/share
	go test -run '^$$' -fuzz '^FuzzLinkQuery$$' -fuzztime 20000x ./web/share
	go test -run '^$$' -fuzz '^FuzzComposeCheck$$' -fuzztime 20000x ./web/share
	go test -run '^$$' -fuzz '^FuzzSession$$' -fuzztime 30000x ./web/playground
	go test -run '^$$' -fuzz '^FuzzRoomProtocol$$' -fuzztime 80000x ./web/classroom
