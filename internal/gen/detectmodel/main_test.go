package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestClass(t *testing.T) {
	for r, want := range map[rune]int{
		' ': symSpace, '\n': symSpace, 0xA0: symSpace, '7': symDigit, ',': symPunct,
		'a': symRare, 'Z': symRare, 'é': symRare, 'ж': symRare, '«': symOther, '€': symOther,
		0x01: symControl, 0xE000: symControl,
	} {
		if got := class(r); got != want {
			t.Errorf("class(%U) = %d, want %d", r, got, want)
		}
	}
}

// TestRunDeterministic trains on a tiny corpus twice and compares the
// outputs, and checks the layout of the start of the file.
func TestRunDeterministic(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"manifest.csv": "file,language,script,bytes,source,licence\nxx.txt,xx,Latn,0,test,CC0\nyy.txt,yy,Cyrl,0,test,CC0\nzz.txt,zz,Hans,0,test,CC0\n",
		"xx.txt":       strings.Repeat("Le café est très bon, n'est-ce pas ? Oui.\n", 50),
		"yy.txt":       strings.Repeat("Это очень хороший кофе, не правда ли? Да.\n", 50),
		"zz.txt":       strings.Repeat("这是很好的咖啡，不是吗？是的。\n", 50),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var outs [2][]byte
	for i := range outs {
		out := filepath.Join(dir, "model.bin")
		if err := run(dir, out); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		outs[i] = b
	}
	if !bytes.Equal(outs[0], outs[1]) {
		t.Fatal("two runs on the same text differ")
	}
	if !bytes.HasPrefix(outs[0], []byte("UCSDM1\n\x03\x02xx\x04Latn\x00")) {
		t.Errorf("unexpected start: %q", outs[0][:20])
	}
	if err := os.WriteFile(filepath.Join(dir, "xx.txt"), []byte("bad \xff UTF-8"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(dir, filepath.Join(dir, "m2.bin")); err == nil || !strings.Contains(err.Error(), "xx.txt") {
		t.Errorf("invalid UTF-8 training text: got %v, want an error naming the file", err)
	}
}
