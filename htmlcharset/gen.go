package htmlcharset

//go:generate go run ../internal/gen -data ../internal/gen/data -family htmlcharset -o labels.go
