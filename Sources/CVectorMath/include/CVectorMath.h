// Lane-wise square roots of short float vectors as single vector instructions (SQRTPD, NEON FSQRT), for
// MotionDSP's `vectorSquareRoot()`.
//
// Why C: on Linux, Swift's `squareRoot()` goes through a C `sqrt` with errno semantics. Unless the compiler can
// prove the input non-negative, every lane — even of a SIMD vector — becomes a scalar square root, a compare and a
// call path for negative input, and the call path makes it spill vector registers around it. Clang's element-wise
// builtin has no errno: one instruction per vector. IEEE 754 square roots are correctly rounded, so the lanes are
// the same bits as the scalar ones.
//
// ext_vector_type(N) of double (float) imports into Swift as SIMDN<Double> (SIMDN<Float>). The function is static inline: Swift inlines it
// into the caller, which then uses the caller's target features (AVX under `-target-cpu haswell`).
#ifndef CVECTORMATH_H
#define CVECTORMATH_H

typedef double cvm_double4 __attribute__((ext_vector_type(4)));

static inline __attribute__((always_inline)) cvm_double4 cvm_sqrt_double4(cvm_double4 v) {
#if defined(__has_builtin) && __has_builtin(__builtin_elementwise_sqrt)
    return __builtin_elementwise_sqrt(v);
#else
    // Older Clang: the same values, lane by lane.
    cvm_double4 r = {__builtin_sqrt(v.x), __builtin_sqrt(v.y), __builtin_sqrt(v.z), __builtin_sqrt(v.w)};
    return r;
#endif
}

typedef float cvm_float4 __attribute__((ext_vector_type(4)));

static inline __attribute__((always_inline)) cvm_float4 cvm_sqrt_float4(cvm_float4 v) {
#if defined(__has_builtin) && __has_builtin(__builtin_elementwise_sqrt)
    return __builtin_elementwise_sqrt(v);
#else
    cvm_float4 r = {__builtin_sqrtf(v.x), __builtin_sqrtf(v.y), __builtin_sqrtf(v.z), __builtin_sqrtf(v.w)};
    return r;
#endif
}

#endif
