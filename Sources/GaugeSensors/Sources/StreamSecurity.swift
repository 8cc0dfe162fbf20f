import GaugeSystem

/// TLS over a stream source's connected TCP socket: a handshake, then records in and out.
/// A seam, so that the TLS library links into the host build only (GaugeTLS, registered by
/// the `gaugepanel` command in `StreamSecurities.tls`); the firmware registers none and a
/// board asking for TLS there fails to open with a sentence that says so.
/// Every call is non-blocking: "not now" is `false`/`.nothingPending`, never a wait.
public protocol StreamSecurity: AnyObject {
    /// Starts or continues the handshake over `fd`; true once it has finished.
    func handshake(fd: Int32) throws(StreamSecurityFailure) -> Bool
    /// Poll the socket for writability too: a handshake step or a record waiting for room.
    var wantsWritable: Bool { get }
    /// Decrypted bytes already held, which no poll of the socket would announce.
    var hasPendingInput: Bool { get }
    /// Decrypted bytes, `.nothingPending`, or `.endOfFile` when the peer closed.
    func read(max: Int) throws(StreamSecurityFailure) -> ReadResult
    /// How many of `bytes` were taken (all of them, or 0 while an earlier record waits).
    func write(_ bytes: [UInt8]) throws(StreamSecurityFailure) -> Int
}

/// Why a TLS session ended: the errno the status shows (`protocolError` for a TLS
/// failure, the socket's own otherwise) and, for TLS, a sentence with the fix.
public struct StreamSecurityFailure: Error, Sendable, Equatable {
    public var errno: Errno
    public var reason: String?

    public init(errno: Errno, reason: String?) {
        self.errno = errno
        self.reason = reason
    }
}

/// Makes a session per connection: to `host` (the name the certificate must carry),
/// trusting the CA certificates in `caFile` (PEM).
public protocol StreamSecurityProvider: AnyObject {
    func session(host: String, caFile: String) throws(StreamSecurityFailure) -> any StreamSecurity
}

/// The TLS provider of this build: set once at start-up by the host command, nil in the
/// firmware (which has no TLS library: it would not fit the armv6 binary's size limit).
public enum StreamSecurities {
    nonisolated(unsafe) public static var tls: (any StreamSecurityProvider)?

    /// What a TLS source says in a build without a provider.
    public static let unavailable = StreamSecurityFailure(
        errno: .notSupported,
        reason:
            "TLS is in the host build's `gaugepanel` command only: the firmware has no TLS library (it would not fit its size limit); run this board with `gaugepanel run`, or use the broker's plain port (a local mosquitto can bridge to a TLS broker)"
    )
}
