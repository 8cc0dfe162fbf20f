import GaugeLoop
import GaugeSystem

/// A small HTTP/1.1 server on the panel's poll loop: one listening socket, non-blocking
/// connections, one request per connection. Bounded: at most `maxConnections` open at once
/// (more are closed on accept), each request within the parser's limits, a connection
/// silent for `idleTimeout` closed. Bad requests get their 4xx and are counted; nothing a
/// client sends ends the process.
public final class HTTPServer {
    public struct Statistics: Sendable, Equatable {
        public var accepted: UInt64 = 0
        public var requests: UInt64 = 0
        /// Requests refused by the parser (400, 413, 414, 431).
        public var malformed: UInt64 = 0
        /// Connections closed at once because `maxConnections` were open.
        public var refused: UInt64 = 0
        public var timedOut: UInt64 = 0
        public init() {}
    }

    /// A request's connection, to answer it later (`respond(_:_:)`).
    public typealias ConnectionID = UInt64
    /// Answers a request now, or returns nil to answer it later through `respond`.
    public typealias Handler = (HTTPRequest, ConnectionID) -> HTTPResponse?

    public var maxConnections = 32
    public var idleTimeout: UInt64 = 10_000_000_000
    public var parser = HTTPRequestParser()
    public private(set) var statistics = Statistics()
    public let port: UInt16

    private final class Connection {
        let id: ConnectionID
        let fd: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        var sent = 0
        /// A request was read: no more reading, waiting to answer or answering.
        var answered = false
        var waiting = false
        var lastActivity: UInt64
        init(id: ConnectionID, fd: Int32, now: UInt64) {
            self.id = id
            self.fd = fd
            lastActivity = now
        }
    }

    private let loop: any LoopScheduler
    private let system: any PreviewSocketCalls
    private let listener: Int32
    private var handler: Handler
    private var connections: [ConnectionID: Connection] = [:]
    private var nextID: ConnectionID = 1
    private var sweep: TimerID?

    public init(
        loop: any LoopScheduler, system: any PreviewSocketCalls, address: String, port: UInt16,
        handler: @escaping Handler
    ) throws(Errno) {
        self.loop = loop
        self.system = system
        self.handler = handler
        listener = try system.listen(address: address, port: port)
        self.port = system.localPort(listener) ?? port
        loop.register(fd: listener, events: .readable) { _ in self.acceptPending() }
        sweep = loop.scheduleRepeating(every: 1_000_000_000) { self.closeIdle() }
    }

    public var openConnections: Int { connections.count }

    /// Stops listening and closes every connection.
    public func close() {
        loop.unregister(fd: listener)
        system.close(listener)
        if let sweep { loop.cancel(sweep) }
        sweep = nil
        for c in connections.values { drop(c) }
        handler = { _, _ in nil }
    }

    /// Answers a request whose handler returned nil. False if its connection is gone.
    @discardableResult
    public func respond(_ id: ConnectionID, _ response: HTTPResponse) -> Bool {
        guard let c = connections[id], c.waiting else { return false }
        c.waiting = false
        send(response, on: c)
        return true
    }

    private func acceptPending() {
        // A bounded number per wake-up, so a flood cannot keep the loop here.
        for _ in 0..<64 {
            let fd: Int32
            do {
                guard let accepted = try system.accept(listener) else { return }
                fd = accepted
            } catch { return }
            statistics.accepted += 1
            guard connections.count < maxConnections else {
                statistics.refused += 1
                system.close(fd)
                continue
            }
            let c = Connection(id: nextID, fd: fd, now: loop.now)
            nextID += 1
            connections[c.id] = c
            loop.register(fd: fd, events: .readable) { events in self.serve(c, events) }
        }
    }

    private func serve(_ c: Connection, _ events: FileEvents) {
        guard connections[c.id] != nil else { return }
        c.lastActivity = loop.now
        if events.contains(.writable) {
            flush(c)
            return
        }
        if c.answered {
            // Waiting to answer: a client that hangs up (end of file) is dropped now, not
            // when its answer is due; anything more it sends is read and ignored.
            if events.contains(.error) || events.contains(.invalid) {
                drop(c)
                return
            }
            switch try? system.read(c.fd, max: 4096) {
            case .endOfFile?, nil: drop(c)
            default: break
            }
            return
        }
        let result: ReadResult
        do { result = try system.read(c.fd, max: 16384) } catch {
            drop(c)
            return
        }
        switch result {
        case .bytes(let bytes):
            c.input += bytes
            parse(c)
        case .endOfFile:
            // Half a request and then silence: malformed, answered before closing.
            if c.input.isEmpty { drop(c) } else { refuse(c, HTTPRequestError(.badRequest, "incomplete request")) }
        case .nothingPending:
            if events.contains(.hangup) || events.contains(.error) { drop(c) }
        }
    }

    private func parse(_ c: Connection) {
        switch parser.parse(c.input) {
        case .incomplete: return
        case .invalid(let e): refuse(c, e)
        case .request(let request, _):
            c.input = []
            c.answered = true
            statistics.requests += 1
            if let response = handler(request, c.id) {
                send(response, on: c)
            } else {
                c.waiting = true
            }
        }
    }

    private func refuse(_ c: Connection, _ e: HTTPRequestError) {
        statistics.malformed += 1
        c.answered = true
        c.input = []
        send(.text(e.status, e.reason), on: c)
    }

    private func send(_ response: HTTPResponse, on c: Connection) {
        c.output = response.serialized
        c.sent = 0
        flush(c)
    }

    private func flush(_ c: Connection) {
        while c.sent < c.output.count {
            let n: Int
            do { n = try system.send(c.fd, c.output[c.sent...]) } catch {
                drop(c)
                return
            }
            if n == 0 {
                loop.register(fd: c.fd, events: .writable) { events in self.serve(c, events) }
                return
            }
            c.sent += n
        }
        drop(c)
    }

    private func drop(_ c: Connection) {
        guard connections.removeValue(forKey: c.id) != nil else { return }
        loop.unregister(fd: c.fd)
        system.close(c.fd)
    }

    private func closeIdle() {
        let now = loop.now
        for c in Array(connections.values) where !c.waiting && now &- c.lastActivity > idleTimeout {
            statistics.timedOut += 1
            drop(c)
        }
    }
}
