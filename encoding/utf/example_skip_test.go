package utf_test

import (
	"fmt"

	"github.com/ucskit/ucs/encoding"
	"github.com/ucskit/ucs/encoding/utf"
)

// Skip joins the bytes around what it drops, and can so build text that
// was not in the input (Unicode TR #36, section 3.1); Replace keeps the
// pieces apart.
func Example_skipBuildsText() {
	in := []byte("/.\xC0\x80./ <scr\xC0ipt>")
	skipped, _ := utf.UTF8.WithPolicy(encoding.Skip).AppendDecode(nil, in)
	replaced, _ := utf.UTF8.WithPolicy(encoding.Replace).AppendDecode(nil, in)
	fmt.Printf("%+q\n%+q\n", skipped, replaced)
	// Output:
	// "/../ <script>"
	// "/.\ufffd\ufffd./ <scr\ufffdipt>"
}
