package cli

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// posixACL builds the value of system.posix_acl_access (the kernel's
// format: version 2, then tag, permissions and id per entry, in tag
// order) for rw- owner, r-- for user uid, r-- group, r-- mask, --- other.
func posixACL(uid uint32) []byte {
	var b bytes.Buffer
	put := func(tag, perm uint16, id uint32) {
		binary.Write(&b, binary.LittleEndian, tag)
		binary.Write(&b, binary.LittleEndian, perm)
		binary.Write(&b, binary.LittleEndian, id)
	}
	binary.Write(&b, binary.LittleEndian, uint32(2))
	const undefined = 0xFFFFFFFF
	put(0x01, 6, undefined) // ACL_USER_OBJ rw-
	put(0x02, 4, uid)       // ACL_USER r--
	put(0x04, 4, undefined) // ACL_GROUP_OBJ r--
	put(0x10, 4, undefined) // ACL_MASK r--
	put(0x20, 0, undefined) // ACL_OTHER ---
	return b.Bytes()
}

// TestConvertInPlaceKeepsXattrs checks that --in-place carries a file's
// extended attributes and its POSIX ACL over to the converted file.
func TestConvertInPlaceKeepsXattrs(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(f, []byte("caf\xe9\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := unix.Setxattr(f, "user.ucs-test", []byte("kept \x00 value"), 0); err != nil {
		if errors.Is(err, unix.ENOTSUP) {
			t.Skipf("no user extended attributes here: %v", err)
		}
		t.Fatal(err)
	}
	acl := posixACL(54321)
	haveACL := unix.Setxattr(f, "system.posix_acl_access", acl, 0) == nil
	if !haveACL {
		t.Log("no POSIX ACLs here: checking user attributes only")
	}
	before, _ := os.Stat(f)
	_, errs, code := runCLI([]string{"convert", "-f", "latin1", "-t", "utf-8", "--in-place", f}, nil)
	if code != ExitOK || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if got, _ := os.ReadFile(f); string(got) != "café\n" {
		t.Fatalf("converted text %q", got)
	}
	if v, err := getXattr(f, "user.ucs-test"); err != nil || string(v) != "kept \x00 value" {
		t.Errorf("user.ucs-test after: %q, %v", v, err)
	}
	if haveACL {
		if v, err := getXattr(f, "system.posix_acl_access"); err != nil || !bytes.Equal(v, acl) {
			t.Errorf("ACL after: % x, %v; want % x", v, err, acl)
		}
		if after, _ := os.Stat(f); after.Mode() != before.Mode() {
			t.Errorf("mode %v, was %v", after.Mode(), before.Mode())
		}
	}
}
