package ucsbeam

import (
	"bufio"
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"reflect"
	"sort"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
)

func init() {
	for _, fn := range []any{&shardFn{}, &writeShardFn{}, &writeOneFn{}} {
		beam.RegisterType(reflect.TypeOf(fn).Elem())
	}
	beam.RegisterFunction(ValidateJSON)
	beam.RegisterFunction(DetectJSON)
	beam.RegisterFunction(ErrorJSON)
}

// ValidateJSON is a DoFn that turns each ValidateResult into its JSON
// line (without the newline), as `ucs validate --json` prints it.
func ValidateJSON(r ValidateResult, emit func(string)) {
	emit(strings.TrimSuffix(string(r.JSON()), "\n"))
}

// DetectJSON is a DoFn that turns each DetectResult into its JSON line
// (without the newline), as `ucs detect --json` prints it.
func DetectJSON(r DetectResult, emit func(string)) {
	emit(strings.TrimSuffix(string(r.JSON()), "\n"))
}

// ErrorJSON is a DoFn that turns each failed ConvertResult into the JSON
// line of its error (without the newline); it drops the others.
func ErrorJSON(r ConvertResult, emit func(string)) {
	if r.Error != nil {
		emit(strings.TrimSuffix(string(r.Error.JSON()), "\n"))
	}
}

// WriteLines writes lines, a PCollection of strings, one a line, into
// shards files named PREFIX-SSSSS-of-NNNNN.jsonl, each sorted, each
// written atomically. It returns the names of the files written.
func WriteLines(s beam.Scope, prefix string, lines beam.PCollection, shards int) beam.PCollection {
	s = s.Scope("ucs.WriteLines")
	if shards < 1 {
		shards = 1
	}
	keyed := beam.ParDo(s, &shardFn{Shards: shards}, lines)
	return beam.ParDo(s, &writeShardFn{Prefix: prefix, Shards: shards}, beam.GroupByKey(s, keyed))
}

// WriteFile writes lines, one a line and sorted, into the file name,
// atomically; the file is written, empty, when there are no lines.
func WriteFile(s beam.Scope, name string, lines beam.PCollection) beam.PCollection {
	s = s.Scope("ucs.WriteFile")
	return beam.ParDo(s, &writeOneFn{Name: name}, beam.Impulse(s), beam.SideInput{Input: lines})
}

type shardFn struct{ Shards int }

func (f *shardFn) ProcessElement(line string, emit func(int, string)) {
	h := fnv.New32a()
	h.Write([]byte(line))
	emit(int(h.Sum32()%uint32(f.Shards)), line)
}

type writeShardFn struct {
	Prefix string
	Shards int
}

func (f *writeShardFn) ProcessElement(ctx context.Context, shard int, iter func(*string) bool, emit func(string)) error {
	name := fmt.Sprintf("%s-%05d-of-%05d.jsonl", f.Prefix, shard, f.Shards)
	if err := writeSorted(ctx, name, iter); err != nil {
		return err
	}
	emit(name)
	return nil
}

type writeOneFn struct{ Name string }

func (f *writeOneFn) ProcessElement(ctx context.Context, _ []byte, iter func(*string) bool, emit func(string)) error {
	if err := writeSorted(ctx, f.Name, iter); err != nil {
		return err
	}
	emit(f.Name)
	return nil
}

func writeSorted(ctx context.Context, name string, iter func(*string) bool) error {
	var lines []string
	var l string
	for iter(&l) {
		lines = append(lines, l)
	}
	sort.Strings(lines)
	return writeAtomic(ctx, name, func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 256<<10)
		for _, l := range lines {
			bw.WriteString(l)
			bw.WriteByte('\n')
		}
		return bw.Flush()
	})
}
