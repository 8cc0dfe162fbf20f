#include "cmbedtls.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <mbedtls/ctr_drbg.h>
#include <mbedtls/entropy.h>
#include <mbedtls/error.h>
#include <mbedtls/net_sockets.h>   // MBEDTLS_ERR_NET_*: the codes the callbacks return
#include <mbedtls/ssl.h>
#include <mbedtls/x509_crt.h>

struct cmbedtls_session {
    mbedtls_ssl_context ssl;
    mbedtls_ssl_config config;
    mbedtls_x509_crt ca;
    mbedtls_entropy_context entropy;
    mbedtls_ctr_drbg_context drbg;
    int fd;
    int last_error;   // mbed TLS code
    int last_errno;
};

// The socket calls mbed TLS makes: send(2) with MSG_NOSIGNAL (a broker gone must not raise
// SIGPIPE), EAGAIN mapped to WANT_READ/WANT_WRITE so a step returns to the poll loop.
static int send_cb(void *context, const unsigned char *bytes, size_t count) {
    cmbedtls_session *s = context;
    ssize_t n;
    do { n = send(s->fd, bytes, count, MSG_NOSIGNAL); } while (n < 0 && errno == EINTR);
    if (n >= 0) return (int)n;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return MBEDTLS_ERR_SSL_WANT_WRITE;
    s->last_errno = errno;
    return MBEDTLS_ERR_NET_SEND_FAILED;
}

static int recv_cb(void *context, unsigned char *buffer, size_t size) {
    cmbedtls_session *s = context;
    ssize_t n;
    do { n = recv(s->fd, buffer, size, 0); } while (n < 0 && errno == EINTR);
    if (n >= 0) return (int)n;   // 0: end of stream, which mbed TLS reports as EOF
    if (errno == EAGAIN || errno == EWOULDBLOCK) return MBEDTLS_ERR_SSL_WANT_READ;
    s->last_errno = errno;
    return MBEDTLS_ERR_NET_RECV_FAILED;
}

cmbedtls_session *cmbedtls_new(const char *ca_file, const char *host, char *why, size_t why_size) {
    cmbedtls_session *s = calloc(1, sizeof *s);
    if (!s) { snprintf(why, why_size, "out of memory"); return NULL; }
    s->fd = -1;
    mbedtls_ssl_init(&s->ssl);
    mbedtls_ssl_config_init(&s->config);
    mbedtls_x509_crt_init(&s->ca);
    mbedtls_entropy_init(&s->entropy);
    mbedtls_ctr_drbg_init(&s->drbg);
    char text[160];
    int r = mbedtls_x509_crt_parse_file(&s->ca, ca_file);
    if (r < 0) {
        mbedtls_strerror(r, text, sizeof text);
        snprintf(why, why_size, "%s: no PEM certificate read (%s)", ca_file, text);
        goto fail;
    }
    static const unsigned char personal[] = "gaugepanel-mqtt";
    if ((r = mbedtls_ctr_drbg_seed(&s->drbg, mbedtls_entropy_func, &s->entropy, personal, sizeof personal - 1)) != 0
        || (r = mbedtls_ssl_config_defaults(&s->config, MBEDTLS_SSL_IS_CLIENT, MBEDTLS_SSL_TRANSPORT_STREAM,
                                            MBEDTLS_SSL_PRESET_DEFAULT)) != 0) {
        mbedtls_strerror(r, text, sizeof text);
        snprintf(why, why_size, "TLS set-up failed (%s)", text);
        goto fail;
    }
    mbedtls_ssl_conf_authmode(&s->config, MBEDTLS_SSL_VERIFY_REQUIRED);
    mbedtls_ssl_conf_ca_chain(&s->config, &s->ca, NULL);
    mbedtls_ssl_conf_rng(&s->config, mbedtls_ctr_drbg_random, &s->drbg);
    mbedtls_ssl_conf_min_version(&s->config, MBEDTLS_SSL_MAJOR_VERSION_3, MBEDTLS_SSL_MINOR_VERSION_3);   // TLS 1.2
    if ((r = mbedtls_ssl_setup(&s->ssl, &s->config)) != 0 || (r = mbedtls_ssl_set_hostname(&s->ssl, host)) != 0) {
        mbedtls_strerror(r, text, sizeof text);
        snprintf(why, why_size, "TLS set-up failed (%s)", text);
        goto fail;
    }
    mbedtls_ssl_set_bio(&s->ssl, s, send_cb, recv_cb, NULL);
    return s;
fail:
    cmbedtls_free(s);
    return NULL;
}

static int classify(cmbedtls_session *s, int r) {
    switch (r) {
    case MBEDTLS_ERR_SSL_WANT_READ: return CMBEDTLS_WANT_READ;
    case MBEDTLS_ERR_SSL_WANT_WRITE: return CMBEDTLS_WANT_WRITE;
    case MBEDTLS_ERR_SSL_PEER_CLOSE_NOTIFY:
    case MBEDTLS_ERR_SSL_CONN_EOF: return CMBEDTLS_CLOSED;
    case MBEDTLS_ERR_NET_SEND_FAILED:
    case MBEDTLS_ERR_NET_RECV_FAILED: return CMBEDTLS_IO;
    }
    s->last_error = r;
    if (r == MBEDTLS_ERR_X509_CERT_VERIFY_FAILED) {
        uint32_t flags = mbedtls_ssl_get_verify_result(&s->ssl);
        if (flags & MBEDTLS_X509_BADCERT_NOT_TRUSTED) return CMBEDTLS_NOT_TRUSTED;
        if (flags & MBEDTLS_X509_BADCERT_CN_MISMATCH) return CMBEDTLS_NAME_MISMATCH;
        if (flags & (MBEDTLS_X509_BADCERT_EXPIRED | MBEDTLS_X509_BADCERT_FUTURE)) return CMBEDTLS_EXPIRED;
    }
    return CMBEDTLS_FAILED;
}

int cmbedtls_handshake(cmbedtls_session *s, int fd) {
    s->fd = fd;
    int r = mbedtls_ssl_handshake(&s->ssl);
    return r == 0 ? CMBEDTLS_DONE : classify(s, r);
}

long cmbedtls_read(cmbedtls_session *s, uint8_t *buffer, size_t size) {
    int r = mbedtls_ssl_read(&s->ssl, buffer, size);
    if (r > 0) return r;
    return r == 0 ? CMBEDTLS_CLOSED : classify(s, r);
}

long cmbedtls_write(cmbedtls_session *s, const uint8_t *bytes, size_t count) {
    int r = mbedtls_ssl_write(&s->ssl, bytes, count);
    return r >= 0 ? r : classify(s, r);
}

size_t cmbedtls_pending(const cmbedtls_session *s) { return mbedtls_ssl_get_bytes_avail(&s->ssl); }

void cmbedtls_last_error(const cmbedtls_session *s, char *text, size_t size) { mbedtls_strerror(s->last_error, text, size); }

int cmbedtls_last_errno(const cmbedtls_session *s) { return s->last_errno; }

void cmbedtls_free(cmbedtls_session *s) {
    if (!s) return;
    mbedtls_ssl_free(&s->ssl);
    mbedtls_ssl_config_free(&s->config);
    mbedtls_x509_crt_free(&s->ca);
    mbedtls_ctr_drbg_free(&s->drbg);
    mbedtls_entropy_free(&s->entropy);
    free(s);
}
