#ifndef BATCHEDMOTION_CFFTW_SHIM_H
#define BATCHEDMOTION_CFFTW_SHIM_H
#include <fftw3.h>
#endif
