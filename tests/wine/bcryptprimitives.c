/*
 * A stand-in for Windows' bcryptprimitives.dll, which Debian's Wine 8 lacks: Rust's standard
 * library imports ProcessPrng from it (for HashMap keys), so no Rust test program starts under
 * that Wine without it. tests/cross.sh builds it with mingw and puts it on WINEPATH. Only for
 * running the tests under Wine; nothing of it goes into the library.
 */
#include <windows.h>
#include <bcrypt.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    /* One call is enough for the few bytes asked; ULONG is 32 bits. */
    return len <= 0xFFFFFFFFu && BCryptGenRandom(NULL, data, (ULONG)len, BCRYPT_USE_SYSTEM_PREFERRED_RNG) == 0;
}
