/// A serial line as the run loop drives it, whatever its protocol: a descriptor to poll,
/// a deadline to wake for, `service` when either fires. Class-bound (a line owns its
/// descriptor), so `any SerialLine` is a reference, which Embedded Swift allows.
public protocol SerialLine: AnyObject {
    var path: String { get }
    /// The open descriptor to poll for input (nil while closed, waiting to reopen).
    var fileDescriptor: Int32? { get }
    /// When to call `service` even without input: a reopen, a protocol's poll or timeout.
    var nextDeadline: UInt64? { get }
    /// Garbled input dropped so far.
    var droppedCount: UInt64 { get }
    /// Opens, reads and writes as needed; samples go to `sink`; a connection change is returned.
    func service(now: UInt64, into sink: (Sample) -> Void) -> SerialLineEvent?
    /// Closes the device now (shutdown, reload).
    func close(now: UInt64)
}

/// A serial line's connection changed.
public enum SerialLineEvent: Sendable, Equatable {
    case connected
    /// The names this line had emitted: mark the channels reading them stale.
    case disconnected(channels: [String])
}
