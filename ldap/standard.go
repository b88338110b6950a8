package ldap

import "sync"

var (
	stdOnce   sync.Once
	stdSchema *Schema
)

// Standard returns the built-in standard schema: RFC 4512 operational
// types, RFC 4519, RFC 4524 (COSINE), RFC 2798 (inetOrgPerson) and RFC
// 2307 (NIS). It must not be modified; Clone it to add definitions.
func Standard() *Schema {
	stdOnce.Do(func() {
		s := NewSchema()
		if err := s.AddDefinitions(standardSchema); err != nil {
			panic("ldap: built-in schema: " + err.Error())
		}
		stdSchema = s
	})
	return stdSchema
}
