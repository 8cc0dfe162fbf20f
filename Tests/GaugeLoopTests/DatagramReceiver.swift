#if canImport(Glibc)
    import Glibc
#endif

/// A bound unix datagram socket standing in for systemd's notify socket.
final class DatagramReceiver {
    let fd: Int32
    /// As NOTIFY_SOCKET would name it ("@…" for the abstract namespace).
    let address: String
    private let filePath: String?

    /// `abstract`: bind in the abstract namespace instead of the file system.
    init(abstract: Bool) throws {
        let unique = "gaugepanel-h4-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        var bytes: [UInt8]
        if abstract {
            bytes = [0] + Array(unique.utf8)
            address = "@" + unique
            filePath = nil
        } else {
            let path = "/tmp/" + unique + ".sock"
            bytes = Array(path.utf8) + [0]
            address = path
            filePath = path
        }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path)! + bytes.count - (abstract ? 0 : 1))
        let r = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard fd >= 0, r == 0 else { throw LoopErrorForTests.bind(errno) }
    }

    deinit {
        close(fd)
        if let filePath { unlink(filePath) }
    }

    /// Every datagram waiting, as text.
    func receiveAll() -> [String] {
        var out: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
            if n <= 0 { return out }
            out.append(String(decoding: buffer[0..<n], as: UTF8.self))
        }
    }
}

enum LoopErrorForTests: Error { case bind(Int32) }
