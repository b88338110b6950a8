module github.com/ucskit/ucs/bench/peers

go 1.26.0

require (
	github.com/segmentio/asm v1.2.1
	github.com/ucskit/ucs v0.0.0
	golang.org/x/text v0.43.0
)

require golang.org/x/sys v0.49.0 // indirect

replace github.com/ucskit/ucs => ../..
