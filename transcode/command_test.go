package transcode_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ucskit/ucs/charset"
	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/utf"
	"github.com/ucskit/ucs/internal/cli"
	"github.com/ucskit/ucs/transcode"
)

// readSize is transcode's read size (chunkSize), for inputs that cross it.
const readSize = 256 << 10

func cs(name string) *encoding.Codec { return charset.MustLookup(name).Codec }

// Copy gives what the command gives: the same bytes out, and the same
// first message on error (the command's messages and exit codes wrap
// transcode's errors).
func TestSameAsCommand(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"a", "é", "世", "😀", "\n", "\r\n", "\r", "\uFEFF", "\xFF", "\xC3", "\xE4\xB8", "€", "ß"}
	encs := []string{"utf-8", "utf-16le", "utf-16", "gb18030", "iso-8859-1", "windows-1252", "shift_jis", "utf-8-bom"}
	for i := range 400 {
		var sb strings.Builder
		for range rng.IntN(40) {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := sb.String()
		from, to := encs[rng.IntN(len(encs))], encs[rng.IntN(len(encs))]
		in := []byte(text)
		if from != "utf-8" {
			// Encode what can be encoded, escaping the rest, to have input.
			in, _ = charset.MustLookup(from).Codec.WithPolicy(encoding.Skip).AppendEncode(nil, []byte(text))
			if i%5 == 0 && len(in) > 0 {
				in[rng.IntN(len(in))] = 0xFF
			}
		}
		invalid := []string{"fail", "replace", "skip"}[rng.IntN(3)]
		unmappable := []string{"fail", "replace", "escape"}[rng.IntN(3)]
		bom := []string{"keep", "strip", "add"}[rng.IntN(3)]
		newline := []string{"keep", "lf", "crlf"}[rng.IntN(3)]
		args := []string{"convert", "-f", from, "-t", to, "--invalid", invalid, "--unmappable", unmappable, "--bom", bom, "--newline", newline, "--progress", "never"}
		var cout, cerr bytes.Buffer
		code := cli.Main(&cli.Env{Stdin: bytes.NewReader(in), Stdout: &cout, Stderr: &cerr, Getenv: func(string) string { return "" }, IsTerminal: func(any) bool { return false }}, args)

		var opts transcode.Options
		opts.Invalid, _ = encoding.ParsePolicy(invalid)
		opts.Unmappable, _ = encoding.ParsePolicy(unmappable)
		opts.BOM = map[string]transcode.BOM{"keep": transcode.KeepBOM, "strip": transcode.StripBOM, "add": transcode.AddBOM}[bom]
		opts.Newline = map[string]transcode.Newline{"keep": transcode.KeepNewlines, "lf": transcode.LF, "crlf": transcode.CRLF}[newline]
		var out bytes.Buffer
		o, err := transcode.NewOutput(&out, cs(to), opts)
		if err != nil {
			if code != cli.ExitUsage {
				t.Errorf("%v: NewOutput: %v, command exit %d", args, err, code)
			}
			continue
		}
		_, err = o.Copy(bytes.NewReader(in), cs(from), "<stdin>")
		if err == nil {
			err = o.Close()
		} else {
			o.Flush()
		}
		if !bytes.Equal(out.Bytes(), cout.Bytes()) {
			t.Errorf("%v on %q: transcode %q, command %q", args, in, out.Bytes(), cout.Bytes())
		}
		first, _, _ := strings.Cut(cerr.String(), "\n")
		switch {
		case err == nil && code != cli.ExitOK:
			t.Errorf("%v on %q: transcode fine, command exit %d: %s", args, in, code, cerr.String())
		case errors.As(err, new(*transcode.Error)) && (code != cli.ExitInvalid || first != err.Error()):
			t.Errorf("%v on %q: transcode %v, command exit %d: %s", args, in, err, code, first)
		case err != nil && !errors.As(err, new(*transcode.Error)) && (code != cli.ExitIO || first != "ucs convert: "+err.Error()):
			// An error without a place: a byte order mark the target
			// cannot encode.
			t.Errorf("%v on %q: transcode %v, command exit %d: %s", args, in, err, code, first)
		}
	}
}

// Inputs longer than a read take the fast paths (UTF-8 straight into the
// encoder after the first read, the identity path); errors far into them
// keep their places.
func TestLargeSameAsCommand(t *testing.T) {
	line := "Grüße aus Köln - 12345 ñ\n"
	big := strings.Repeat(line, 3*readSize/len(line))
	for _, tc := range []struct {
		in       string
		to       string
		extra    []string
		wantLine int64
	}{
		{big + "tail \xFF", "iso-8859-1", nil, int64(strings.Count(big, "\n") + 1)},
		{big + "€ and ☃", "iso-8859-1", nil, int64(strings.Count(big, "\n") + 1)},
		{big + "€ and ☃", "windows-1252", nil, int64(strings.Count(big, "\n") + 1)},
		{big + "ok", "utf-16le", []string{"--newline", "crlf"}, 0},
		{big[:readSize+7] + "\xC3" + big[readSize+7:], "utf-8", nil, int64(strings.Count(big[:readSize+7], "\n") + 1)},
		{big[:readSize+7] + "\xC3" + big[readSize+7:], "utf-8", []string{"--invalid", "escape"}, 0},
	} {
		args := append([]string{"convert", "-f", "utf-8", "-t", tc.to, "--progress", "never"}, tc.extra...)
		var cout, cerr bytes.Buffer
		code := cli.Main(&cli.Env{Stdin: strings.NewReader(tc.in), Stdout: &cout, Stderr: &cerr, Getenv: func(string) string { return "" }, IsTerminal: func(any) bool { return false }}, args)
		opts := transcode.Options{}
		if len(tc.extra) > 0 && tc.extra[0] == "--newline" {
			opts.Newline = transcode.CRLF
		}
		if len(tc.extra) > 0 && tc.extra[0] == "--invalid" {
			opts.Invalid = encoding.Escape
		}
		var out bytes.Buffer
		o, _ := transcode.NewOutput(&out, cs(tc.to), opts)
		_, err := o.Copy(strings.NewReader(tc.in), utf.UTF8, "<stdin>")
		if err == nil {
			err = o.Close()
		} else {
			o.Flush()
		}
		if !bytes.Equal(out.Bytes(), cout.Bytes()) {
			t.Errorf("%v: outputs differ (%d and %d bytes)", args, out.Len(), cout.Len())
		}
		first, _, _ := strings.Cut(cerr.String(), "\n")
		var e *transcode.Error
		if tc.wantLine == 0 {
			if err != nil || code != cli.ExitOK {
				t.Errorf("%v: %v, command exit %d", args, err, code)
			}
			continue
		}
		if !errors.As(err, &e) || e.Line != tc.wantLine || first != err.Error() || code != cli.ExitInvalid {
			t.Errorf("%v: transcode %v, command %d %s", args, err, code, first)
		}
	}
}
