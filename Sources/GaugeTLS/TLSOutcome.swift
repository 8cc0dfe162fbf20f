import CMbedTLS
import GaugeSensors
import GaugeSystem

/// What one step of a TLS session returned (CMbedTLS's codes), and for a failure the
/// sentence the log says once, with the fix.
enum TLSOutcome: Equatable {
    case done, wantRead, wantWrite, closed
    case notTrusted, nameMismatch, expired, failed, socket

    init(_ code: Int32) {
        switch code {
        case CMBEDTLS_DONE: self = .done
        case CMBEDTLS_WANT_READ: self = .wantRead
        case CMBEDTLS_WANT_WRITE: self = .wantWrite
        case CMBEDTLS_CLOSED: self = .closed
        case CMBEDTLS_NOT_TRUSTED: self = .notTrusted
        case CMBEDTLS_NAME_MISMATCH: self = .nameMismatch
        case CMBEDTLS_EXPIRED: self = .expired
        case CMBEDTLS_IO: self = .socket
        default: self = .failed
        }
    }

    /// A failure as the stream source reports it: a socket error as its errno, a TLS
    /// failure as EPROTO with what to fix.
    func failure(host: String, caFile: String, detail: String, errno: Errno) -> StreamSecurityFailure {
        let reason: String
        switch self {
        case .notTrusted:
            reason =
                "the broker's certificate is not trusted: it was not signed by the CA in \(caFile); set ca_file to the CA certificate that signed the broker's (mosquitto.conf's cafile)"
        case .nameMismatch:
            reason =
                "the broker's certificate does not name \"\(host)\": write the broker as a DNS name its certificate carries (mbed TLS 2.28 matches names, not IP addresses)"
        case .expired:
            reason = "the broker's certificate is expired or not yet valid: renew it, or check this device's clock (`date`)"
        case .socket:
            return StreamSecurityFailure(errno: errno.rawValue == 0 ? .connectionReset : errno, reason: nil)
        case .closed:
            return StreamSecurityFailure(errno: .connectionReset, reason: nil)
        default:
            reason = "the TLS handshake failed (\(detail)): is this the broker's TLS port (8883), with a TLS 1.2 or later listener?"
        }
        return StreamSecurityFailure(errno: .protocolError, reason: reason)
    }

    /// A NUL-terminated C buffer as text.
    static func text(_ chars: [CChar]) -> String {
        let bytes = chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
