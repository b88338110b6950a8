package ldap

import (
	"sync"
	"testing"
)

func TestPrepareRFC4518(t *testing.T) {
	tests := []struct {
		in   string
		fold bool
		sp   prepSpace
		want string
	}{
		{"  Barbara   J.  Jensen  ", true, spaceValue, " barbara  j.  jensen "},
		{"", true, spaceValue, "  "},
		{"   ", false, spaceValue, "  "},
		{"ab", false, spaceInitial, " ab"},
		{"ab ", false, spaceInitial, " ab "},
		{" ab", false, spaceAny, " ab"},
		{"a  b", false, spaceAny, "a  b"},
		{"ab", false, spaceAny, "ab"},
		{"ab", false, spaceFinal, "ab "},
		{"  ", false, spaceAny, " "},
		{"STRASSE", true, spaceNone, "strasse"},
		{"Straße", true, spaceNone, "strasse"},              // B.2 full folding
		{"ﬁ", true, spaceNone, "fi"},                        // NFKC
		{"ℂ", true, spaceNone, "c"},                         // NFKC then fold again
		{"a\u00adb\u200bc\ufe0f", false, spaceNone, "abc"},  // mapped to nothing
		{"a\tb\u00a0c\u2028d", false, spaceNone, "a b c d"}, // mapped to SPACE
		{"a\x01\x7fb", false, spaceNone, "ab"},              // controls to nothing
		{"\U00010400", true, spaceNone, "\U00010428"},       // Deseret, in Unicode 3.1
		{"\ua74e", true, spaceNone, "\ua74e"},               // added in Unicode 5.1: not in B.2
		{"15 079 672 281", false, spaceNumeric, "15079672281"},
		{"+1-408 555\u2010 1212", true, spaceTelephone, "+14085551212"},
		{"e\u0301", false, spaceNone, "é"},
		{"a \u0301b", false, spaceValue, " a \u0301b "}, // a space before a combining mark is not a space
	}
	for _, tt := range tests {
		got, err := prepare(tt.in, tt.fold, tt.sp)
		if err != nil || got != tt.want {
			t.Errorf("prepare(%+q, fold=%v, %d) = %+q, %v; want %+q", tt.in, tt.fold, tt.sp, got, err, tt.want)
		}
	}
	// (U+0340 is normalized to U+0300, and U+202E and U+206A are mapped
	// to nothing, before the prohibit step, so none of them reaches it.)
	for _, bad := range []string{"\ue000", "\U000F0000", "\ufdd0", "\uffff", "\ufffd", "\xff"} {
		if got, err := prepare(bad, true, spaceValue); err == nil {
			t.Errorf("prepare(%+q) = %+q, want a prohibited-character error", bad, got)
		}
	}
}

func TestPrepareConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				if got, _ := PrepareString("Straße ÜBER Ꝏ", true); got != " strasse  über  Ꝏ " {
					t.Errorf("got %q", got)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestSoundex(t *testing.T) {
	for in, want := range map[string]string{"robert": "R163", "rupert": "R163", "tymczak": "T522", "pfister": "P236", "jensen": "J525", "lee": "L000", "ashcraft": "A261"} {
		if got := soundex([]rune(in)); got != want {
			t.Errorf("soundex(%s) = %s, want %s", in, got, want)
		}
	}
}
