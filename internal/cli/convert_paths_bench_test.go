package cli

import "testing"

// The paths of convert that the two benchmarks beside them do not take:
// the identity path with a newline mode, and an encoder fed straight from
// UTF-8.

func BenchmarkConvertUTF8ToUTF8LF(b *testing.B) {
	benchConvert(b, benchInput(b), "convert", "-f", "utf-8", "-t", "utf-8", "--newline", "lf")
}

func BenchmarkConvertUTF8ToGB18030(b *testing.B) {
	benchConvert(b, benchInput(b), "convert", "-f", "utf-8", "-t", "gb18030")
}
