package detect

import (
	"fmt"
	"strings"
	"testing"
)

// markupSamples wraps a few lines of a language in the ASCII of real files:
// C source with comments, an e-mail with headers, a web page with a script.
func markupSamples(lines []string) map[string]string {
	var code, mail, html strings.Builder
	code.WriteString("#include <stdio.h>\n#include <stdlib.h>\n\n")
	for i, l := range lines {
		fmt.Fprintf(&code, "/* %s */\nstatic int handler_%d(struct context *ctx, const char *arg)\n{\n\tif (arg == NULL)\n\t\treturn -1;\n\tctx->count += strlen(arg);\n\treturn 0;\n}\n\n", l, i)
	}
	mail.WriteString("Return-Path: <list-bounces@lists.example.org>\nDate: Tue, 14 May 2024 09:31:02 +0200\nFrom: Maintainer <maint@example.org>\nTo: users@lists.example.org\nSubject: Re: the release notes\nMessage-ID: <20240514073102.GA1234@example.org>\nMIME-Version: 1.0\nContent-Type: text/plain\n\n")
	mail.WriteString(strings.Join(lines, "\n") + "\n\n-- \nusers mailing list\nhttps://lists.example.org/mailman/listinfo/users\n")
	html.WriteString("<!DOCTYPE html>\n<html>\n<head>\n<script>\n")
	for i := range 12 {
		fmt.Fprintf(&html, "  window.dataLayer = window.dataLayer || []; function gtag%d(){dataLayer.push(arguments);}\n", i)
	}
	html.WriteString("</script>\n</head>\n<body>\n<p>" + strings.Join(lines, "</p>\n<p>") + "</p>\n</body>\n</html>\n")
	return map[string]string{"code": code.String(), "mail": mail.String(), "html": html.String()}
}

// TestMarkupDoesNotChooseLanguage checks that the ASCII of markup, code
// and headers does not make English the language of the text, which let
// rare code pages (ISO-8859-3, macintosh, IBM852) read the few non-ASCII
// letters as symbols with full confidence.
func TestMarkupDoesNotChooseLanguage(t *testing.T) {
	for _, tc := range []struct {
		enc   string
		lines []string
	}{
		{"windows-1252", []string{"Tiedoston kopiointi epäonnistui, yritä myöhemmin uudelleen.", "Ympäristömuuttujaa ei ole asetettu."}},
		{"windows-1252", []string{"Nøglen blev ikke fundet på serveren.", "Gem ændringerne før du afslutter."}},
		{"iso-8859-15", []string{"Võtit ei õnnestunud serverist laadida.", "Kõik muudatused salvestati."}},
		{"windows-1250", []string{"Nie można otworzyć pliku, spróbuj ponownie później.", "Zmiany zostały zapisane."}},
		{"windows-1257", []string{"Nepavyko įrašyti failo į diską.", "Visi pakeitimai išsaugoti sėkmingai."}},
	} {
		for shape, doc := range markupSamples(tc.lines) {
			b := encodeAs(t, tc.enc, doc)
			c, ok := rightText(t, b, doc)
			if !ok {
				t.Errorf("%s %s: got %+v", tc.enc, shape, c)
			}
		}
	}
}
