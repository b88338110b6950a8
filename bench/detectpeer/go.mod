module github.com/ucskit/ucs/bench/detectpeer

go 1.26.0

require github.com/ucskit/ucs v0.0.0

require (
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)

replace github.com/ucskit/ucs => ../..
