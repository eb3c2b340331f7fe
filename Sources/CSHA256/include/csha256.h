// SHA-256 with the x86-64 SHA extensions, for hashing whole manifests quickly.
// FlagKitBucket's portable Swift SHA256 stays the reference and the fallback.
#ifndef FLAGGEN_CSHA256_H
#define FLAGGEN_CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// 1 when this CPU has the SHA extensions (and SSSE3 and SSE4.1) that flaggen_sha256 needs,
/// 0 otherwise (and always on other architectures).
int flaggen_sha256_available(void);

/// Writes the SHA-256 digest of `count` bytes at `data` to `digest` (32 bytes). Call it only
/// when flaggen_sha256_available() returns 1.
void flaggen_sha256(const uint8_t *data, size_t count, uint8_t digest[32]);

#endif
