package cli

import (
	"strings"

	"github.com/ucskit/ucs/charset"
)

// localeCodeset returns the encoding of the terminal as the locale
// variables name it: the codeset part of the first of LC_ALL, LC_CTYPE
// and LANG that is set (language[_territory][.codeset][@modifier], as
// utf-8(7) and POSIX describe). It returns "utf-8" when none is set, when
// the locale names no codeset ("C", "POSIX", "en_US") or when ucs does not
// know the codeset.
func localeCodeset(env *Env) string {
	for _, k := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v := env.getenv(k); v != "" {
			return codesetOf(v)
		}
	}
	return "utf-8"
}

// codesetOf returns the codeset of a locale name, or "utf-8".
func codesetOf(locale string) string {
	locale, _, _ = strings.Cut(locale, "@")
	_, cs, ok := strings.Cut(locale, ".")
	if !ok || cs == "" {
		return "utf-8"
	}
	if c, err := charset.Lookup(cs); err == nil {
		return c.Name
	}
	// glibc's normalised spellings drop the punctuation: "iso88591",
	// "utf8"; try the usual punctuation back.
	lower := strings.ToLower(cs)
	for _, p := range []string{"iso8859", "iso-8859", "iso_8859"} {
		if rest, ok := strings.CutPrefix(lower, p); ok {
			rest = strings.TrimLeft(rest, "-_")
			if c, err := charset.Lookup("iso-8859-" + rest); err == nil {
				return c.Name
			}
		}
	}
	return "utf-8"
}
