// CMbedTLS: a TLS client session over a non-blocking socket the caller owns, through
// Debian's mbed TLS 2.28 (libmbedtls, libmbedx509, libmbedcrypto; it ships no pkg-config
// file, so Package.swift links the three by name). Host only: the firmware's static
// binaries have no room for it, so only GaugePanelCLI's closure holds this module.
// Like CPreviewSocket, the header includes no system header, so its declarations never
// meet CPanelSystem's; cmbedtls.c holds the mbed TLS calls.
#ifndef GAUGEPANEL_CMBEDTLS_H
#define GAUGEPANEL_CMBEDTLS_H

#include <stdint.h>
#include <stddef.h>

typedef struct cmbedtls_session cmbedtls_session;

// What a step returned. Negative values are failures; the session is then unusable.
#define CMBEDTLS_DONE (0)   // handshake finished (read/write: see their return values)
#define CMBEDTLS_WANT_READ (-1)   // nothing pending: wait for the socket to be readable
#define CMBEDTLS_WANT_WRITE (-2)   // the socket's buffer is full: wait for it to be writable
#define CMBEDTLS_CLOSED (-3)   // the peer closed the TLS session (close_notify or EOF)
#define CMBEDTLS_NOT_TRUSTED (-4)   // the certificate chain does not lead to the CA file
#define CMBEDTLS_NAME_MISMATCH (-5)   // the certificate does not name the host
#define CMBEDTLS_EXPIRED (-6)   // the certificate is expired or not yet valid
#define CMBEDTLS_FAILED (-7)   // another TLS failure: cmbedtls_last_error says which
#define CMBEDTLS_IO (-8)   // the socket failed: errno says why

// A session for one connection to `host` (the name the certificate must carry), trusting
// the PEM certificates in `ca_file`. NULL with a sentence in `why` when the file cannot
// be read or holds no certificate.
cmbedtls_session *cmbedtls_new(const char *ca_file, const char *host, char *why, size_t why_size);

// Starts or continues the handshake over `fd` (non-blocking, connected).
int cmbedtls_handshake(cmbedtls_session *s, int fd);

// Decrypted bytes (> 0), or one of the values above.
long cmbedtls_read(cmbedtls_session *s, uint8_t *buffer, size_t size);

// Bytes taken (> 0), or one of the values above. After WANT_WRITE, call it again with the
// same bytes (mbed TLS keeps the record it had started).
long cmbedtls_write(cmbedtls_session *s, const uint8_t *bytes, size_t count);

// Decrypted bytes already held (a record read whole, not yet returned).
size_t cmbedtls_pending(const cmbedtls_session *s);

// The last failure's mbed TLS text (e.g. "SSL - A fatal alert message was received").
void cmbedtls_last_error(const cmbedtls_session *s, char *text, size_t size);

// The errno of the last CMBEDTLS_IO.
int cmbedtls_last_errno(const cmbedtls_session *s);

void cmbedtls_free(cmbedtls_session *s);

#endif
