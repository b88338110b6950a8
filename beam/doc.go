// Package ucsbeam runs ucs's validation, encoding detection and
// conversion as Apache Beam transforms, so that one pipeline checks or
// converts millions of files on Beam's local runner (prism) or on
// Dataflow, Flink or Spark.
//
// Validate, Detect, Convert and Fix take a PCollection of
// fileio.ReadableFile; ValidateRecords, DetectRecords, ConvertRecords and
// FixRecords take byte records (KV<string, []byte>). Each file goes
// through the same code as the ucs command, so every result has the
// fields of `ucs validate --json` or `ucs detect --json` (the records are
// the command's own types) and the same values, and every converted or
// repaired file is byte for byte what `ucs convert` or `ucs fix` writes. Outputs are written atomically:
// a file that fails leaves no partial output.
//
// A file larger than the split size is processed in pieces cut just after
// line feeds, in parallel, where its encoding allows (UTF-8, the
// single-byte and the double-byte legacy encodings, and UTF-16 and UTF-32
// at a line feed code unit); the results are joined so that offsets,
// lines and columns are those of the whole file. Stateful encodings
// (ISO-2022-JP, UTF-7) are processed whole.
//
// The package lives in a module of its own, so that the Beam SDK never
// enters the dependency graph of programs that use only the ucs library.
package ucsbeam
