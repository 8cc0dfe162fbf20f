import CMbedTLS
import GaugeSensors
import GaugeSystem
import Testing
@testable import GaugeTLS

/// The mapping from mbed TLS's step results to the stream source's terms, and the
/// sentences said for each failure: no network needed.
@Suite struct TLSOutcomeTests {
    @Test func stepCodesMapToWaitsAndFailures() {
        #expect(TLSOutcome(CMBEDTLS_DONE) == .done)
        #expect(TLSOutcome(CMBEDTLS_WANT_READ) == .wantRead)
        #expect(TLSOutcome(CMBEDTLS_WANT_WRITE) == .wantWrite)
        #expect(TLSOutcome(CMBEDTLS_CLOSED) == .closed)
        #expect(TLSOutcome(CMBEDTLS_NOT_TRUSTED) == .notTrusted)
        #expect(TLSOutcome(CMBEDTLS_NAME_MISMATCH) == .nameMismatch)
        #expect(TLSOutcome(CMBEDTLS_EXPIRED) == .expired)
        #expect(TLSOutcome(CMBEDTLS_IO) == .socket)
        #expect(TLSOutcome(CMBEDTLS_FAILED) == .failed)
        #expect(TLSOutcome(-12345) == .failed)
    }

    @Test func failuresSayWhatToFix() {
        let untrusted = TLSOutcome.notTrusted.failure(host: "broker.lan", caFile: "/etc/ca.crt", detail: "", errno: Errno(0))
        #expect(untrusted.errno == .protocolError)
        #expect(untrusted.reason?.contains("not trusted") == true)
        #expect(untrusted.reason?.contains("/etc/ca.crt") == true)
        let name = TLSOutcome.nameMismatch.failure(host: "broker.lan", caFile: "ca.crt", detail: "", errno: Errno(0))
        #expect(name.reason?.contains("\"broker.lan\"") == true)
        let failed = TLSOutcome.failed.failure(host: "h", caFile: "c", detail: "SSL - bad record", errno: Errno(0))
        #expect(failed.reason?.contains("SSL - bad record") == true)
        // A socket failure is the socket's errno, without a TLS sentence.
        let socket = TLSOutcome.socket.failure(host: "h", caFile: "c", detail: "", errno: .connectionReset)
        #expect(socket == StreamSecurityFailure(errno: .connectionReset, reason: nil))
        #expect(TLSOutcome.closed.failure(host: "h", caFile: "c", detail: "", errno: Errno(0)).reason == nil)
    }

    @Test func aMissingCAFileIsNamed() {
        #expect {
            _ = try MbedTLSProvider().session(host: "localhost", caFile: "/nonexistent/ca.crt")
        } throws: { error in
            guard let f = error as? StreamSecurityFailure else { return false }
            return f.errno == .protocolError && f.reason?.contains("/nonexistent/ca.crt") == true
        }
    }
}
