// Included by the double-byte decode kernels (avx512_dbcs_decode_amd64.s,
// avx2_dbcs_decode_amd64.s).

// DBCS_LEADS sets L to the leads among the bytes 80–FF of H, a block
// that starts at a character boundary: within each run of bytes of H,
// the bytes at an even distance from the run's start. S = H &^ (H<<1)
// are the run starts; adding the starts at even places to H carries
// through the runs that start there and clears them (X = H + S&even),
// while the runs that start at odd places stay set: the leads are
// (H &^ X) & even | (H & X) & odd. It uses R11 and R12.
#define DBCS_LEADS(H, L) \
	MOVQ H, R11; \
	SHLQ $1, R11; \
	ANDNQ H, R11, R11; \
	MOVQ $0x5555555555555555, R12; \
	ANDQ R12, R11; \
	ADDQ H, R11; \
	ANDNQ H, R11, L; \
	ANDQ H, R11; \
	ANDQ R12, L; \
	ANDNQ R11, R12, R11; \
	ORQ  R11, L
