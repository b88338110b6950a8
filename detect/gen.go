package detect

//go:generate go run ../internal/gen/detectmodel -out model.bin
