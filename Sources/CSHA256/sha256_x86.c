#include "csha256.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

#include <cpuid.h>
#include <immintrin.h>
#include <string.h>

int flaggen_sha256_available(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const int ssse3 = (ecx >> 9) & 1, sse41 = (ecx >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    const int sha = (ebx >> 29) & 1;
    return ssse3 && sse41 && sha;
}

// The round constants: the first 32 bits of the fractional parts of the cube roots of the
// first 64 primes (FIPS 180-4, 4.2.2).
static const uint32_t round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

// Runs the compression function over `blocks` 64-byte blocks. The SHA instructions keep the
// state as two vectors, ABEF and CDGH (A in the highest lane), and do two rounds at a time.
__attribute__((target("sha,sse4.1,ssse3")))
static void compress(uint32_t state[8], const uint8_t *data, size_t blocks) {
    // Reverses the bytes of each 32-bit lane: message words are big-endian.
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);

    __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
    __m128i badc = _mm_shuffle_epi32(dcba, 0xB1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    __m128i abef = _mm_alignr_epi8(badc, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, badc, 0xF0);

    for (; blocks > 0; blocks--, data += 64) {
        const __m128i abef_before = abef, cdgh_before = cdgh;
        // The last four groups of four message words, oldest first.
        __m128i words[4];
        for (int group = 0; group < 16; group++) {
            __m128i w;
            if (group < 4) {
                w = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * group)), byte_swap);
            } else {
                // W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16], four at a time.
                const __m128i older = _mm_sha256msg1_epu32(words[0], words[1]);
                const __m128i middle = _mm_alignr_epi8(words[3], words[2], 4);
                w = _mm_sha256msg2_epu32(_mm_add_epi32(older, middle), words[3]);
            }
            words[0] = words[1];
            words[1] = words[2];
            words[2] = words[3];
            words[3] = w;
            __m128i wk = _mm_add_epi32(w, _mm_loadu_si128((const __m128i *)&round_constants[4 * group]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
            wk = _mm_shuffle_epi32(wk, 0x0E);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, wk);
        }
        abef = _mm_add_epi32(abef, abef_before);
        cdgh = _mm_add_epi32(cdgh, cdgh_before);
    }

    const __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    const __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    dcba = _mm_blend_epi16(feba, dchg, 0xF0);
    hgfe = _mm_alignr_epi8(dchg, feba, 8);
    _mm_storeu_si128((__m128i *)&state[0], dcba);
    _mm_storeu_si128((__m128i *)&state[4], hgfe);
}

void flaggen_sha256(const uint8_t *data, size_t count, uint8_t digest[32]) {
    uint32_t state[8] = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    };
    const size_t whole = count / 64;
    compress(state, data, whole);
    // The rest, the 0x80 byte, zeros, and the length in bits: one block or two.
    uint8_t tail[128] = {0};
    const size_t rest = count - whole * 64;
    if (rest > 0) memcpy(tail, data + whole * 64, rest);
    tail[rest] = 0x80;
    const size_t tail_blocks = rest + 9 <= 64 ? 1 : 2;
    const uint64_t bits = (uint64_t)count * 8;
    for (int i = 0; i < 8; i++) tail[tail_blocks * 64 - 1 - i] = (uint8_t)(bits >> (8 * i));
    compress(state, tail, tail_blocks);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)state[i];
    }
}

#else

int flaggen_sha256_available(void) { return 0; }

void flaggen_sha256(const uint8_t *data, size_t count, uint8_t digest[32]) {
    (void)data;
    (void)count;
    (void)digest;
}

#endif
