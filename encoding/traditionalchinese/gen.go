package traditionalchinese

//go:generate go run ../../internal/gen -data ../../internal/gen/data -family traditionalchinese -o tables.go
