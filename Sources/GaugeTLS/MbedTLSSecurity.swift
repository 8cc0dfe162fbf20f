import CMbedTLS
import GaugeSensors
import GaugeSystem

/// TLS for stream sources through mbed TLS (host build only: `gaugepanel` registers it at
/// start-up with `MbedTLSProvider.install()`; the firmware's closure never holds this module).
public final class MbedTLSProvider: StreamSecurityProvider {
    public init() {}

    /// Makes this build's stream sources able to speak TLS.
    public static func install() { StreamSecurities.tls = MbedTLSProvider() }

    public func session(host: String, caFile: String) throws(StreamSecurityFailure) -> any StreamSecurity {
        var why = [CChar](repeating: 0, count: 320)
        guard let s = cmbedtls_new(caFile, host, &why, why.count) else {
            throw StreamSecurityFailure(
                errno: .protocolError, reason: TLSOutcome.text(why) + ": ca_file must be the PEM certificate of the CA that signed the broker's")
        }
        return MbedTLSSession(s, host: host, caFile: caFile)
    }
}

/// One connection's TLS session over the source's non-blocking socket.
final class MbedTLSSession: StreamSecurity {
    private let session: OpaquePointer
    private let host: String
    private let caFile: String
    /// A record mbed TLS started sending and must be given again (WANT_WRITE).
    private var unsent: [UInt8] = []
    private var handshakeWantsWrite = false

    init(_ session: OpaquePointer, host: String, caFile: String) {
        self.session = session
        self.host = host
        self.caFile = caFile
    }

    deinit { cmbedtls_free(session) }

    var wantsWritable: Bool { handshakeWantsWrite || !unsent.isEmpty }

    var hasPendingInput: Bool { cmbedtls_pending(session) > 0 }

    func handshake(fd: Int32) throws(StreamSecurityFailure) -> Bool {
        let code = cmbedtls_handshake(session, fd)
        switch TLSOutcome(code) {
        case .done:
            handshakeWantsWrite = false
            return true
        case .wantRead:
            handshakeWantsWrite = false
            return false
        case .wantWrite:
            handshakeWantsWrite = true
            return false
        case let outcome: throw failure(outcome)
        }
    }

    func read(max: Int) throws(StreamSecurityFailure) -> ReadResult {
        try flush()
        var buffer = [UInt8](repeating: 0, count: max)
        let n = buffer.withUnsafeMutableBufferPointer { cmbedtls_read(session, $0.baseAddress, $0.count) }
        if n > 0 { return .bytes(Array(buffer[0..<Int(n)])) }
        switch TLSOutcome(Int32(truncatingIfNeeded: n)) {
        case .wantRead, .wantWrite, .done: return .nothingPending
        case .closed: return .endOfFile
        case let outcome: throw failure(outcome)
        }
    }

    func write(_ bytes: [UInt8]) throws(StreamSecurityFailure) -> Int {
        try flush()
        guard unsent.isEmpty, !bytes.isEmpty else { return 0 }
        unsent = bytes
        try flush()
        return bytes.count
    }

    /// Gives mbed TLS what it has not taken yet, record by record, until it wants to wait.
    private func flush() throws(StreamSecurityFailure) {
        while !unsent.isEmpty {
            let n = unsent.withUnsafeBufferPointer { cmbedtls_write(session, $0.baseAddress, $0.count) }
            if n > 0 {
                unsent.removeFirst(Int(n))
                continue
            }
            switch TLSOutcome(Int32(truncatingIfNeeded: n)) {
            case .wantRead, .wantWrite, .done: return
            case let outcome: throw failure(outcome)
            }
        }
    }

    private func failure(_ outcome: TLSOutcome) -> StreamSecurityFailure {
        var text = [CChar](repeating: 0, count: 200)
        cmbedtls_last_error(session, &text, text.count)
        return outcome.failure(host: host, caFile: caFile, detail: TLSOutcome.text(text), errno: Errno(cmbedtls_last_errno(session)))
    }
}
