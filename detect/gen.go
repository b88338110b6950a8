package detect

//go:generate go run ../internal/gen/detectmodel -train ../../shared/corpus/train -out model.bin
