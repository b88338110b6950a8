package fix_test

import (
	"fmt"

	"github.com/ucskit/ucs/fix"
)

func ExampleString() {
	out, exp := fix.String("CafÃ© au lait", fix.Options{})
	fmt.Println(out)
	fmt.Println(exp)
	out, exp = fix.String("IRMÃ", fix.Options{}) // Portuguese, correct
	fmt.Println(out, exp.Changed())
	// Output:
	// Café au lait
	// utf-8 → read as windows-1252 → utf-8
	// IRMÃ false
}

func ExampleString_layers() {
	out, exp := fix.String("The Mona Lisa doesnÃƒÂ¢Ã¢â€šÂ¬Ã¢â€žÂ¢t have eyebrows.", fix.Options{})
	fmt.Println(out)
	fmt.Println(len(exp.Layers), "layers")
	// Output:
	// The Mona Lisa doesn’t have eyebrows.
	// 3 layers
}

func ExampleString_lossy() {
	out, exp := fix.String("â€œbb+â€? from â€œbbâ€?", fix.Options{})
	fmt.Println(out)
	fmt.Println(exp.Lossy != "")
	// Output:
	// â€œbb+â€? from â€œbbâ€?
	// true
}

func ExampleBytes() {
	out, exp := fix.Bytes([]byte("РџСЂРёРІРµС‚"), fix.Options{})
	fmt.Println(string(out), exp)
	// Output:
	// Привет utf-8 → read as windows-1251 → utf-8
}
