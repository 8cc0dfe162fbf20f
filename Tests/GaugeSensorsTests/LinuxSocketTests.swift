import Foundation
import Testing
import GaugeSystem
@testable import GaugeSensors

/// The real TCP and UDP calls on loopback: a connect that succeeds (after being in
/// progress or at once), one refused, an unresolvable name, a bound UDP port reading
/// datagrams one at a time, and a port already bound.
@Suite struct LinuxSocketTests {
    let sys = LinuxSensorSystemCalls()

    /// A listening TCP socket on 127.0.0.1 (an ephemeral port): (descriptor, port).
    static func listener() throws -> (Int32, UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &a) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { s in
                bind(fd, s, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, s, &length) == 0
            }
        }
        guard fd >= 0, ok else { throw POSIXError(.EIO) }
        return (fd, UInt16(bigEndian: a.sin_port))
    }

    /// Waits (up to 2 s) for a started connect to end.
    func waitConnected(_ fd: Int32) throws(Errno) -> Bool {
        for _ in 0..<200 {
            if try sys.connectResult(fd) { return true }
            usleep(10_000)
        }
        return false
    }

    @Test func aConnectToAListenerSucceedsAndItsBytesAreRead() throws {
        let (listening, port) = try Self.listener()
        defer { close(listening) }
        for host in ["127.0.0.1", "localhost"] {
            let fd = try sys.connectTCP(NetworkAddress(host: host, port: port))
            defer { sys.close(fd) }
            #expect(try waitConnected(fd), "\(host)")
            let peer = accept(listening, nil, nil)
            #expect(peer >= 0)
            _ = "a=1\n".withCString { write(peer, $0, 4) }
            close(peer)  // then the panel reads the bytes and the end of the stream
            var got: [UInt8] = []
            for _ in 0..<100 {
                switch try sys.read(fd, max: 64) {
                case .bytes(let b): got += b
                case .endOfFile:
                    #expect(got == Array("a=1\n".utf8))
                    return
                case .nothingPending: usleep(10_000)
                }
            }
            Issue.record("no end of stream after the peer closed (\(host))")
        }
    }

    @Test func aClosedPortIsRefusedAndABadNameDoesNotResolve() throws {
        let (listening, port) = try Self.listener()
        close(listening)  // the port is free now: nothing listens
        do {
            let fd = try sys.connectTCP(NetworkAddress(host: "127.0.0.1", port: port))
            defer { sys.close(fd) }
            _ = try waitConnected(fd)
            Issue.record("a connect to a closed port succeeded")
        } catch {
            #expect(error == .connectionRefused)
        }
        #expect(throws: Errno.noSuchAddressOrDevice) {
            _ = try sys.connectTCP(NetworkAddress(host: "no-such-host.invalid", port: 1))
        }
    }

    @Test func aBoundUDPPortReadsOneDatagramARead() throws {
        let probe = try sys.bindUDP(NetworkAddress(host: "127.0.0.1", port: 0))
        var a = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(probe, $0, &length) } }
        let port = UInt16(bigEndian: a.sin_port)
        defer { sys.close(probe) }
        // A second program on the port is refused, not handed the datagrams.
        #expect(throws: Errno.addressInUse) { sys.close(try sys.bindUDP(NetworkAddress(host: "127.0.0.1", port: port))) }
        let sender = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(sender) }
        for text in ["a=1", "b=2"] {
            _ = text.withCString { p in
                withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(sender, p, strlen(p), 0, $0, length) } }
            }
        }
        usleep(20_000)
        #expect(try sys.read(probe, max: 4096) == .bytes(Array("a=1".utf8)))
        #expect(try sys.read(probe, max: 4096) == .bytes(Array("b=2".utf8)))
        #expect(try sys.read(probe, max: 4096) == .nothingPending)
    }
}
