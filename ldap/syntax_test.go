package ldap

import (
	"strings"
	"testing"
)

func TestSyntaxes(t *testing.T) {
	tests := []struct {
		syntax, value string
		form          Form // the form that matches, "" = invalid in both
		off           int  // offset of the modern-form error, when invalid
	}{
		{"Boolean", "TRUE", FormRFC4517, 0},
		{"Boolean", "yes", "", 0},
		{"INTEGER", "-922337203685477580700", FormRFC4517, 0},
		{"INTEGER", "-0", "", 1},
		{"INTEGER", "12a", "", 2},
		{"OID", "2.5.4.10", FormRFC4517, 0},
		{"OID", "ds.4.10", FormRFC1488, 0},
		{"OID", "2.05", FormRFC1488, 0}, // RFC 1488 numericstrings may have leading zeros
		{"OID", "2.05x", "", 3},
		{"OID", "cn_x", "", 2},
		{"DN", "cn=x;o=y", FormRFC1488, 0},
		{"DN", "cn=x,o=y", FormRFC4517, 0},
		{"Telephone Number", "+1 512 315 0280", FormRFC4517, 0},
		{"Telephone Number", "+1 512*", "", 6},
		{"Telex Number", "817379$ca$ibm", FormRFC4517, 0},
		{"Telex Number", "817379$c@$ibm", "", 8},
		{"Teletex Terminal Identifier", "ttx$graphic:a\\24b", FormRFC4517, 0},
		{"Teletex Terminal Identifier", "ttx$graphic:a\\2", "", 13},
		{"Facsimile Telephone Number", "+61 3 9896 7801$fineResolution", FormRFC4517, 0},
		{"Facsimile Telephone Number", "$twoDimensional", "", 0},
		{"Presentation Address", `"3"/"2"/"1"/NS+a433bb93c1_NS+aa00`, FormRFC4517, 0},
		{"Presentation Address", `#63/#41/#12/X121+234219200300`, FormRFC4517, 0},
		{"Presentation Address", `'03'H/NS+a43`, "", 9},
		{"Presentation Address", `'3'H/NS+a433`, "", 0}, // a hexstring is whole octets
		{"Presentation Address", `"256"/NS+a433bb93c1_NS+aa3106`, FormRFC4517, 0},
		{"Presentation Address", `'3a'H/TELEX+00728722+X.25(80)+02+00002340555+CUDF+"892796"`, FormRFC4517, 0},
		{"Presentation Address", `TELEX+00728722+RFC-1006+03+10.0.0.6`, FormRFC4517, 0},
		{"Presentation Address", `TELEX+00728722+RFC-1006+03+10.0.0.6+17003+2`, FormRFC4517, 0},
		{"Presentation Address", `Internet=10.0.0.6+17003`, FormRFC4517, 0},
		{"Presentation Address", `NS+10.0.0.6`, FormRFC4517, 0},
		{"Presentation Address", `ICD+0005+d1234`, FormRFC4517, 0},
		{"Presentation Address", `FOO+1234`, "", 0},
		{"Presentation Address", `TELEX+00728722+RFC-1006+3+10.0.0.6`, "", 15},
		{"UTC Time", "9412161032Z", FormRFC4517, 0},
		{"UTC Time", "941216103260Z", "", 10},
		{"Generalized Time", "20230415103000,25-0130", FormRFC4517, 0},
		{"Generalized Time", "20231315103000Z", "", 4},
		{"Generalized Time", "2023041510.Z", "", 11},
		{"Guide", "person#(sn$EQ)|!(cn$APPROX)&?true", FormRFC4517, 0},
		{"Guide", "(sn$EQ)&(cn$GE)", FormRFC4517, 0},
		{"Guide", "sn$EQ|", "", 6},
		{"Enhanced Guide", "person # sn$SUBSTR # baseObject", FormRFC4517, 0},
		{"Enhanced Guide", "person#sn$SUBSTR#base", "", 17},
		{"Postal Address", "a\\5cb$c", FormRFC4517, 0},
		{"Postal Address", "a$$b", "", 2},
		{"Delivery Method", "telex $ g3fax", FormRFC4517, 0},
		{"Delivery Method", "telex$fax", "", 6},
		{"Other Mailbox", "Internet$bjensen@example.com", FormRFC4517, 0},
		{"Other Mailbox", "Internet$bjensen@exämple.com", "", 19},
		{"Mail Preference", "ANY-LIST", FormRFC4517, 0},
		{"Printable String", "a_b", "", 1},
		{"IA5 String", "", FormRFC4517, 0},
		{"Numeric String", "1 2", FormRFC4517, 0},
		{"Directory String", "\xff", FormRFC1488, 0},
		{"Directory String", "", "", 0},
		{"Country String", "DE", FormRFC4517, 0},
		{"Bit String", "'01'B", FormRFC4517, 0},
		{"Bit String", "'012'B", "", 3},
		{"Name And Optional UID", "cn=x#'01'B", FormRFC4517, 0},
		{"Substring Assertion", "*a\\5cb*", FormRFC4517, 0},
		{"Substring Assertion", "a**", "", 2},
		{"JPEG", "\xff\xd8\xff\xe0", FormRFC4517, 0},
		{"JPEG", "GIF89a", "", 0},
		{"Attribute Type Description", "( 2.5.4.3 NAME 'cn' SUP name )", FormRFC4517, 0},
		{"Attribute Type Description", "2.5.4.3 NAME 'cn'", "", 0},
		{"Certificate", "2.5.8.1.1#512#cn=CA,c=GB#920101000000Z#930101000000Z#cn=Me,c=GB#2.5.8.1.1#512#00ff-1", FormRFC1488, 0},
		{"Certificate List", "2.5.8.1.1##cn=CA,c=GB#920101000000Z", FormRFC1488, 0},
		{"Certificate Pair", "2.5.8.1.1##cn=CA#920101000000Z#930101000000Z#cn=Me#2.5.8.1.1##00|2.5.8.1.1##cn=CA#920101000000Z#930101000000Z#cn=Me#2.5.8.1.1##00", FormRFC1488, 0},
		{"Case Ignore List", "a$b", FormRFC1488, 0},
		{"Case Exact List", "a$$b", "", 0},
	}
	for _, tt := range tests {
		x := SyntaxByName(tt.syntax)
		if x == nil {
			t.Errorf("no syntax %q", tt.syntax)
			continue
		}
		form, err := x.Validate(tt.value, FormAny)
		if form != tt.form {
			t.Errorf("%s %q: form %q (%v), want %q", tt.syntax, tt.value, form, err, tt.form)
			continue
		}
		if tt.form == "" {
			se, ok := err.(*SyntaxError)
			if !ok || !strings.Contains(se.Error(), tt.syntax) {
				t.Errorf("%s %q: error %v does not name the syntax", tt.syntax, tt.value, err)
			} else if x.HasForm(FormRFC4517) && se.Offset != tt.off {
				t.Errorf("%s %q: error at byte %d, want %d (%s)", tt.syntax, tt.value, se.Offset, tt.off, se.Msg)
			}
		}
	}
	if SyntaxByName("1.3.6.1.4.1.1466.115.121.1.15") != SyntaxByName("directory-string") {
		t.Error("lookup by OID and by name differ")
	}
	if _, err := SyntaxByName("Certificate").Validate("x", FormRFC4517); err == nil || !strings.Contains(err.Error(), "no rfc4517 string form") {
		t.Errorf("Certificate in RFC 4517 form: %v", err)
	}
}
