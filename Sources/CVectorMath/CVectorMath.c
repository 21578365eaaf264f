// CVectorMath is header-only (a static inline function in include/CVectorMath.h); SwiftPM needs one source file.
#include "CVectorMath.h"
