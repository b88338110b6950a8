package korean

//go:generate go run ../../internal/gen -data ../../internal/gen/data -family korean -o tables.go
