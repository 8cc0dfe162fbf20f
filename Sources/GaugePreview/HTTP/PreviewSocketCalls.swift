import CPanelSystem
import CPreviewSocket
import GaugeSystem

/// The system calls of the preview's HTTP server and file watch, behind one protocol so
/// tests can stand in for them (`LinuxPreviewSocketCalls` is the real one). Non-blocking
/// throughout: the server runs on the panel's poll loop. Class-bound, as the others.
public protocol PreviewSocketCalls: AnyObject {
    /// A listening TCP socket on an IPv4 address and port (0: any free one).
    func listen(address: String, port: UInt16) throws(Errno) -> Int32
    /// The port `fd` listens on.
    func localPort(_ fd: Int32) -> UInt16?
    /// A new connection, or nil when none is pending.
    func accept(_ fd: Int32) throws(Errno) -> Int32?
    func read(_ fd: Int32, max: Int) throws(Errno) -> ReadResult
    /// Bytes sent; 0 when the socket's buffer is full.
    func send(_ fd: Int32, _ bytes: ArraySlice<UInt8>) throws(Errno) -> Int
    func close(_ fd: Int32)
}

public final class LinuxPreviewSocketCalls: PreviewSocketCalls {
    public init() {}

    public func listen(address: String, port: UInt16) throws(Errno) -> Int32 {
        let fd = cpreview_listen(address, port, 64)
        guard fd >= 0 else { throw Errno.current }
        return fd
    }

    public func localPort(_ fd: Int32) -> UInt16? {
        let p = cpreview_local_port(fd)
        return p >= 0 && p <= 65535 ? UInt16(p) : nil
    }

    public func accept(_ fd: Int32) throws(Errno) -> Int32? {
        while true {
            let c = cpreview_accept(fd)
            if c >= 0 { return c }
            let e = Errno.current
            if e == .interrupted { continue }
            // A connection reset before it was accepted: nothing to serve.
            if e.meansTryLater || e.rawValue == ECONNABORTED { return nil }
            throw e
        }
    }

    public func read(_ fd: Int32, max: Int) throws(Errno) -> ReadResult { try SystemCall.read(fd, max: max) }

    public func send(_ fd: Int32, _ bytes: ArraySlice<UInt8>) throws(Errno) -> Int {
        while true {
            let n = bytes.withUnsafeBytes { cpreview_send(fd, $0.baseAddress, $0.count) }
            if n >= 0 { return Int(n) }
            let e = Errno.current
            if e == .interrupted { continue }
            if e.meansTryLater { return 0 }
            throw e
        }
    }

    public func close(_ fd: Int32) { SystemCall.close(fd) }
}
