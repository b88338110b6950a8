package simplifiedchinese

import (
	"fmt"
	"strconv"
)

// QuweiToRune returns the character at row (区, qu) and cell (位, wei) of
// GB 2312, both 1–94: the 区位码 1601 is row 16, cell 1, 啊. It reports
// false for a position GB 2312 leaves empty. It does not allocate.
func QuweiToRune(row, cell int) (rune, bool) {
	if row < 1 || row > 94 || cell < 1 || cell > 94 || !inGB2312(row+0xA0, cell+0xA0) {
		return 0, false
	}
	return rune(gb18030Index[(row+0xA0-0x81)*190+cell+0xA0-0x41]), true
}

// RuneToQuwei returns the GB 2312 row and cell of r, or false when r is
// not a character of GB 2312. It does not allocate.
func RuneToQuwei(r rune) (row, cell int, ok bool) {
	if r < 0x80 || r > 0xFFFF {
		return 0, 0, false
	}
	v := tabs2022.get().enc[r]
	lead, trail := int(v>>8), int(v&0xFF)
	if v == 0 || !inGB2312(lead, trail) {
		return 0, 0, false
	}
	return lead - 0xA0, trail - 0xA0, true
}

// QuweiToEUCCN returns the EUC-CN (GB2312) bytes of a row and cell:
// row+A0, cell+A0.
func QuweiToEUCCN(row, cell int) [2]byte { return [2]byte{byte(row + 0xA0), byte(cell + 0xA0)} }

// ParseQuwei parses a 区位码 written as four decimal digits, row then cell
// ("1601"), and checks that GB 2312 has a character there.
func ParseQuwei(s string) (row, cell int, err error) {
	if len(s) != 4 {
		return 0, 0, fmt.Errorf("quwei code %q: want four digits, row (01–94) then cell (01–94)", s)
	}
	for i := 0; i < 4; i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, 0, fmt.Errorf("quwei code %q: character %d is not a decimal digit", s, i+1)
		}
	}
	row, _ = strconv.Atoi(s[:2])
	cell, _ = strconv.Atoi(s[2:])
	if row < 1 || row > 94 || cell < 1 || cell > 94 {
		return 0, 0, fmt.Errorf("quwei code %q: row %d, cell %d out of range (each must be 01–94)", s, row, cell)
	}
	if _, ok := QuweiToRune(row, cell); !ok {
		return row, cell, fmt.Errorf("quwei code %q: GB 2312 has no character at row %d, cell %d", s, row, cell)
	}
	return row, cell, nil
}

// FormatQuwei formats a row and cell as the four-digit 区位码 ("1601").
func FormatQuwei(row, cell int) string { return fmt.Sprintf("%02d%02d", row, cell) }
