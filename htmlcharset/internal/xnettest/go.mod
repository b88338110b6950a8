module github.com/ucskit/ucs/htmlcharset/internal/xnettest

go 1.26.0

replace github.com/ucskit/ucs => ../../..

require (
	github.com/ucskit/ucs v0.0.0
	golang.org/x/net v0.62.0
)

require (
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
