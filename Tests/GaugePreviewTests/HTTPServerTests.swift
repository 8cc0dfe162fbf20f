import GaugeLoop
import GaugeSystem
import Testing
@testable import GaugePreview

/// Sockets in memory: connections waiting to be accepted, bytes each client sent, what the
/// server sent back, and a send buffer that may be full.
final class FakeSockets: PreviewSocketCalls {
    var pending: [Int32] = []
    var incoming: [Int32: [[UInt8]]] = [:]
    var hungUp: Set<Int32> = []
    var sent: [Int32: [UInt8]] = [:]
    var closed: Set<Int32> = []
    var sendLimit = Int.max
    let listener: Int32 = 3

    func listen(address: String, port: UInt16) throws(Errno) -> Int32 { listener }
    func localPort(_ fd: Int32) -> UInt16? { 8480 }
    func accept(_ fd: Int32) throws(Errno) -> Int32? { pending.isEmpty ? nil : pending.removeFirst() }
    func read(_ fd: Int32, max: Int) throws(Errno) -> ReadResult {
        if var chunks = incoming[fd], !chunks.isEmpty {
            let c = chunks.removeFirst()
            incoming[fd] = chunks
            return .bytes(c)
        }
        return hungUp.contains(fd) ? .endOfFile : .nothingPending
    }
    func send(_ fd: Int32, _ bytes: ArraySlice<UInt8>) throws(Errno) -> Int {
        let n = min(bytes.count, sendLimit)
        sent[fd, default: []] += bytes.prefix(n)
        return n
    }
    func close(_ fd: Int32) { closed.insert(fd) }

    func statusLine(_ fd: Int32) -> String {
        String(decoding: (sent[fd] ?? []).prefix { $0 != 13 }, as: UTF8.self)
    }
}

struct HTTPServerTests {
    func server(
        _ loop: TestEventLoop, _ sockets: FakeSockets,
        handler: @escaping HTTPServer.Handler = { r, _ in .text(.ok, r.path) }
    ) throws -> HTTPServer {
        try HTTPServer(loop: loop, system: sockets, address: "127.0.0.1", port: 8480, handler: handler)
    }

    func connect(_ loop: TestEventLoop, _ sockets: FakeSockets, _ fd: Int32, _ chunks: [String], hangUp: Bool = false) {
        sockets.pending.append(fd)
        sockets.incoming[fd] = chunks.map { Array($0.utf8) }
        if hangUp { sockets.hungUp.insert(fd) }
        loop.deliver(fd: sockets.listener)
        for _ in 0...chunks.count { loop.deliver(fd: fd) }
    }

    @Test func answersARequestSplitInPiecesAndCloses() throws {
        let loop = TestEventLoop(), sockets = FakeSockets()
        let s = try server(loop, sockets)
        connect(loop, sockets, 10, ["GE", "T /board HT", "TP/1.1\r\nHost: 127.0.0.1\r", "\n\r\n"])
        #expect(sockets.statusLine(10) == "HTTP/1.1 200 OK")
        #expect(String(decoding: sockets.sent[10] ?? [], as: UTF8.self).hasSuffix("\r\n\r\n/board\n"))
        #expect(sockets.closed.contains(10))
        #expect(s.statistics.requests == 1)
        #expect(s.openConnections == 0)
    }

    @Test func malformedRequestsAre400AndCounted() throws {
        let loop = TestEventLoop(), sockets = FakeSockets()
        let s = try server(loop, sockets)
        connect(loop, sockets, 10, ["\u{16}\u{3}\u{1}garbage"])
        connect(loop, sockets, 11, ["GET / HTTP/1.1\r\nHost: x\r\n"], hangUp: true)  // cut short
        connect(loop, sockets, 12, ["POST /frame HTTP/1.1\r\nContent-Length: 999999\r\n\r\n"])
        #expect(sockets.statusLine(10) == "HTTP/1.1 400 Bad Request")
        #expect(sockets.statusLine(11) == "HTTP/1.1 400 Bad Request")
        #expect(sockets.statusLine(12) == "HTTP/1.1 413 Payload Too Large")
        #expect(s.statistics.malformed == 3)
        #expect(s.statistics.requests == 0)
        #expect(sockets.closed.isSuperset(of: [10, 11, 12]))
    }

    @Test func aFullSendBufferWaitsForWritable() throws {
        let loop = TestEventLoop(), sockets = FakeSockets()
        sockets.sendLimit = 0
        _ = try server(loop, sockets)
        connect(loop, sockets, 10, ["GET /x HTTP/1.1\r\n\r\n"])
        #expect(sockets.sent[10, default: []].isEmpty)
        #expect(!sockets.closed.contains(10))
        sockets.sendLimit = 7
        for _ in 0..<40 { loop.deliver(fd: 10, .writable) }
        #expect(sockets.statusLine(10) == "HTTP/1.1 200 OK")
        #expect(sockets.closed.contains(10))
    }

    @Test func connectionsAreBoundedAndIdleOnesClosed() throws {
        let loop = TestEventLoop(), sockets = FakeSockets()
        let s = try server(loop, sockets)
        s.maxConnections = 2
        sockets.pending = [10, 11, 12]
        loop.deliver(fd: sockets.listener)
        #expect(s.openConnections == 2)
        #expect(s.statistics.refused == 1)
        #expect(sockets.closed == [12])
        loop.advance(by: 12_000_000_000)
        #expect(s.openConnections == 0)
        #expect(s.statistics.timedOut == 2)
    }

    @Test func aHeldRequestIsAnsweredLater() throws {
        let loop = TestEventLoop(), sockets = FakeSockets()
        var held: HTTPServer.ConnectionID?
        let s = try server(loop, sockets) { _, id in
            held = id
            return nil
        }
        connect(loop, sockets, 10, ["GET /board?after=1 HTTP/1.1\r\n\r\n"])
        #expect(sockets.sent[10] == nil)
        // Held connections are not idle ones.
        loop.advance(by: 15_000_000_000)
        #expect(s.openConnections == 1)
        #expect(s.respond(try #require(held), .text(.ok, "v2")))
        #expect(sockets.statusLine(10) == "HTTP/1.1 200 OK")
        #expect(!s.respond(try #require(held), .text(.ok, "again")))
    }

    @Test func aHeldRequestWhoseClientLeavesIsDropped() throws {
        let loop = TestEventLoop(), sockets = FakeSockets()
        var held: HTTPServer.ConnectionID?
        let s = try server(loop, sockets) { _, id in
            held = id
            return nil
        }
        connect(loop, sockets, 10, ["GET /board?after=1 HTTP/1.1\r\n\r\n"])
        #expect(s.openConnections == 1)
        sockets.hungUp.insert(10)
        loop.deliver(fd: 10)
        #expect(s.openConnections == 0)
        #expect(sockets.closed.contains(10))
        #expect(!s.respond(try #require(held), .text(.ok, "late")))
    }
}
