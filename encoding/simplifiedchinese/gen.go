package simplifiedchinese

//go:generate go run ../../internal/gen -data ../../internal/gen/data -family simplifiedchinese -o tables.go
