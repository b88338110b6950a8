package japanese

//go:generate go run ../../internal/gen -data ../../internal/gen/data -family japanese -o tables.go
