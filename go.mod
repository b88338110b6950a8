module github.com/ucskit/ucs

go 1.26.0

require (
	github.com/rivo/uniseg v0.4.7
	golang.org/x/sys v0.49.0
	golang.org/x/term v0.47.0
	golang.org/x/text v0.43.0
)
