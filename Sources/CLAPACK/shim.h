#ifndef BATCHEDMOTION_CLAPACK_SHIM_H
#define BATCHEDMOTION_CLAPACK_SHIM_H
/*
 * liblapack-dev ships no C header, so the Fortran entry points we call are declared here.
 * Fortran conventions: trailing underscore, every argument by pointer, column-major matrices,
 * and one hidden `size_t` length argument per CHARACTER argument, appended after the others.
 */
#include <stddef.h>

/* Solve A X = B by LU with partial pivoting (double). */
void dgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv,
            double *b, const int *ldb, int *info);

/* Least squares min ||A X - B|| by QR/LQ for full-rank A (double). */
void dgels_(const char *trans, const int *m, const int *n, const int *nrhs, double *a, const int *lda,
            double *b, const int *ldb, double *work, const int *lwork, int *info, size_t trans_len);

/* Least squares (float). */
void sgels_(const char *trans, const int *m, const int *n, const int *nrhs, float *a, const int *lda,
            float *b, const int *ldb, float *work, const int *lwork, int *info, size_t trans_len);

/* Minimum-norm least squares by SVD, rank-deficient A allowed (double). */
void dgelsd_(const int *m, const int *n, const int *nrhs, double *a, const int *lda, double *b, const int *ldb,
             double *s, const double *rcond, int *rank, double *work, const int *lwork, int *iwork, int *info);

/* Singular value decomposition A = U S V^T (double). */
void dgesvd_(const char *jobu, const char *jobvt, const int *m, const int *n, double *a, const int *lda,
             double *s, double *u, const int *ldu, double *vt, const int *ldvt, double *work,
             const int *lwork, int *info, size_t jobu_len, size_t jobvt_len);

/* Singular value decomposition (float). */
void sgesvd_(const char *jobu, const char *jobvt, const int *m, const int *n, float *a, const int *lda,
             float *s, float *u, const int *ldu, float *vt, const int *ldvt, float *work,
             const int *lwork, int *info, size_t jobu_len, size_t jobvt_len);
#endif
