// Included by the AVX-512 converters whose last bytes (fewer than 64, in
// DX) are taken at once when they are ASCII (avx512_latin1_amd64.s, and
// through utf8_amd64.s and valid_amd64.s the UTF-8 to UTF-16 and UTF-32
// converters).

// ASCII_MASKED64 loads the DX bytes of src at AX (at most 64) into
// Z1 with a masked load, which reads nothing beyond them and so cannot
// fault, with K1 the mask of those bytes and R10 its bits, and goes to
// done when any of them is not ASCII. Registers: SI src; uses K2.
#define ASCII_MASKED64(done) \
	MOVQ  $-1, R10; \
	BZHIQ DX, R10, R10; \
	KMOVQ R10, K1; \
	VMOVDQU8.Z (SI)(AX*1), K1, Z1; \
	VPMOVB2M Z1, K2; \
	KORTESTQ K2, K2; \
	JNZ   done
