#ifndef PLAN_QRENCODE_LOADER_H
#define PLAN_QRENCODE_LOADER_H

// libqrencode (Debian's libqrencode4) for the QR code `plan serve` draws, loaded when it draws one: dlopen'ed as
// Sources/CMicroHTTPD loads libmicrohttpd, so no other command loads it at start-up.
//
// qrencode.h is included for its types only.

#include <stddef.h>
#include <qrencode.h>

/// Encodes `text` (8-bit mode, error correction M) and gives its modules, a row after another, 1 dark and 0
/// light, in a buffer of `*width` × `*width` bytes the caller frees with `plan_qr_free`. NULL when libqrencode
/// cannot be loaded or the text does not fit a QR code; `plan_qr_error` says which.
unsigned char *plan_qr_encode(const char *text, int *width);

/// Frees what `plan_qr_encode` gave.
void plan_qr_free(unsigned char *modules);

/// Why `plan_qr_encode` last failed to load the library (empty when it did not).
const char *plan_qr_error(void);

#endif
