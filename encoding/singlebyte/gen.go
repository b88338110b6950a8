package singlebyte

//go:generate go run ../../internal/gen -data ../../internal/gen/data -family singlebyte -o tables.go
