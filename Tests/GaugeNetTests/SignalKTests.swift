import Foundation
import Testing
import GaugeDecoders
import GaugeSensors
import GaugeSystem
import GaugeTestSupport
@testable import GaugeNet

/// Signal K: deltas and hellos from the specification (SignalK/), the subscription, the
/// path table's units, and the session over a stream source: upgrade, subscribe, values
/// of the own vessel only, pong, close, reconnect and subscribe again.
@Suite struct SignalKTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("SignalK")
    static func sample(_ name: String) -> [UInt8] { Array(try! Data(contentsOf: folder.appendingPathComponent(name))) }

    @Test func specificationSamples() throws {
        let model = try SignalKMessage.read(Self.sample("docs-data_model.json"))
        #expect(model.context == "vessels.urn:mrn:imo:mmsi:234567890" && model.selfContext == nil)
        #expect(
            model.values == [
                SignalKValue(path: "propulsion.0.revolutions", value: .number(16.341667)),
                SignalKValue(path: "propulsion.0.boostPressure", value: .number(45500)),
                SignalKValue(path: "navigation.courseOverGroundTrue", value: .number(2.971)),
                SignalKValue(path: "navigation.speedOverGround", value: .number(3.85)),
                SignalKValue(path: "", value: .object),
            ])
        let twoSources = try SignalKMessage.read(Self.sample("docs-data_model_multiple_values.json"))
        #expect(twoSources.values.map(\.path) == ["navigation.courseOverGroundTrue", "navigation.courseOverGroundTrue"])
        #expect(twoSources.values.last?.value == .number(3.615624078431453))
        let hello = try SignalKMessage.read(Self.sample("docs-hello.json"))
        #expect(hello.selfContext == "vessels.urn:mrn:signalk:uuid:c0d79334-4e25-4245-8892-54e8ccc8021d" && hello.values.isEmpty)
        #expect(SignalKMessage.isOwnVessel(twoSources.context, selfContext: hello.selfContext))
        #expect(!SignalKMessage.isOwnVessel(model.context, selfContext: hello.selfContext))
        #expect(SignalKMessage.isOwnVessel(nil, selfContext: nil) && SignalKMessage.isOwnVessel("vessels.self", selfContext: nil))
        #expect(SignalKMessage.isOwnVessel("vessels.urn:x", selfContext: "urn:x"))
        #expect(throws: JSONError.self) { try SignalKMessage.read(Array("{\"updates\":[".utf8)) }
    }

    @Test func membersOfObjectValues() throws {
        let delta = Array(
            (#"{"updates":[{"values":[{"value":{"longitude":173.1693,"latitude":-41.156426,"#
                + #""properties":{"x":1},"altitude":null},"path":"navigation.position"},{"path":"a","value":1}]}]}"#).utf8)
        #expect(
            try SignalKMessage.read(delta).values == [
                SignalKValue(path: "navigation.position", value: .object),
                SignalKValue(path: "navigation.position.longitude", value: .number(173.1693)),
                SignalKValue(path: "navigation.position.latitude", value: .number(-41.156426)),
                SignalKValue(path: "navigation.position.altitude", value: .null),
                SignalKValue(path: "a", value: .number(1)),
            ])
        #expect(SignalKPaths.subscription(for: "navigation.position.latitude") == "navigation.position")
        #expect(SignalKPaths.subscription(for: "navigation.attitude.roll") == "navigation.attitude")
        #expect(SignalKPaths.subscription(for: "navigation.speedOverGround") == "navigation.speedOverGround")
        #expect(SignalKPaths.unit(of: "navigation.position.latitude") == .degrees)
        // A session reading the latitude subscribes to the position and makes samples of the member only.
        var session = SignalKSession(host: "h", paths: ["navigation.position"], names: ["navigation.position.latitude"])
        let request = Self.discover(&session)
        var got: [Sample] = []
        session.receive(Self.accept(request) + WebSocketTests.frame(0x81, delta), now: 1) { got.append($0) }
        #expect(got == [Sample(name: "navigation.position.latitude", value: -41.156426, unit: .none)])
        let subscribe = Self.unmask(session.outgoing(now: 2) ?? [0, 0, 0, 0, 0, 0])
        #expect(subscribe.payload == SignalKMessage.subscribe(["navigation.position"], period: 1000, minPeriod: 200))
    }

    @Test func subscriptionNamesEachPathWithItsPace() {
        let text = String(decoding: SignalKMessage.subscribe(["a.b", "c\"d"], period: 1000, minPeriod: 200), as: UTF8.self)
        #expect(
            text
                == #"{"context":"vessels.self","subscribe":[{"path":"a.b","period":1000,"minPeriod":200},"#
                + #"{"path":"cd","period":1000,"minPeriod":200}]}"#)
    }

    @Test func pathUnitsAndConversions() {
        #expect(SignalKPaths.unit(of: "navigation.speedOverGround") == .metresPerSecond)
        #expect(SignalKPaths.unit(of: "propulsion.port.revolutions") == .hertz)
        #expect(SignalKPaths.unit(of: "tanks.fuel.0.currentLevel") == .fraction)
        #expect(SignalKPaths.unit(of: "propulsion.revolutions") == nil && SignalKPaths.unit(of: "a.b") == nil)
        func close(_ c: (scale: Double, offset: Double)?, _ s: Double, _ o: Double) -> Bool {
            guard let c else { return false }
            return abs(c.scale - s) < 1e-9 * abs(s) && abs(c.offset - o) < 1e-9
        }
        #expect(close(SignalKPaths.conversion(from: .kelvin, to: .celsius), 1, -273.15))
        #expect(close(SignalKPaths.conversion(from: .kelvin, to: .fahrenheit), 1.8, -459.67))
        #expect(close(SignalKPaths.conversion(from: .metresPerSecond, to: .knots), 3600.0 / 1852, 0))
        #expect(close(SignalKPaths.conversion(from: .radians, to: .degrees), 180 / Double.pi, 0))
        #expect(close(SignalKPaths.conversion(from: .hertz, to: .rpm), 60, 0))
        #expect(close(SignalKPaths.conversion(from: .fraction, to: .percent), 100, 0))
        #expect(close(SignalKPaths.conversion(from: .pascal, to: .bar), 1e-5, 0))
        #expect(close(SignalKPaths.conversion(from: .volts, to: .none), 1, 0))
        #expect(SignalKPaths.conversion(from: .metresPerSecond, to: .celsius) == nil)
        #expect(SignalKPaths.isPath("electrical.batteries.house-1.voltage"))
        #expect(!SignalKPaths.isPath("propulsion.*.revolutions") && !SignalKPaths.isPath("a..b") && !SignalKPaths.isPath(""))
    }

    final class Sockets: FakePanelSystem, SensorSystemCalls, @unchecked Sendable {
        var fd: Int32 = 20
        func openSerial(_ path: String, settings: SerialSettings) throws(Errno) -> Int32 { throw .noSuchFileOrDirectory }
        func connectTCP(_ address: NetworkAddress) throws(Errno) -> Int32 {
            fd += 1
            return fd
        }
        func connectResult(_ fd: Int32) throws(Errno) -> Bool { true }
    }

    /// The server's answer to an upgrade `request`.
    static func accept(_ request: [UInt8]) -> [UInt8] {
        let text = String(decoding: request, as: UTF8.self)
        let key = text.split(separator: "\r\n").first { $0.hasPrefix("Sec-WebSocket-Key: ") }!.dropFirst(19)
        let accept = String(decoding: WebSocketHandshake.accept(forKey: Array(key.utf8)), as: UTF8.self)
        return Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n\r\n".utf8)
    }

    static func text(_ s: String) -> [UInt8] { WebSocketTests.frame(0x81, Array(s.utf8)) }

    /// A discovery answer that keeps the connection, naming the usual stream.
    static let discoveryAnswer: [UInt8] = {
        let body = #"{"endpoints":{"v1":{"version":"1.7.0","signalk-ws":"ws://h:1/signalk/v1/stream"}}}"#
        return Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }()

    /// Discovery asked and answered on the same connection: the upgrade request that follows.
    static func discover(_ s: inout SignalKSession, now: UInt64 = 0) -> [UInt8] {
        _ = s.outgoing(now: now)
        s.receive(discoveryAnswer, now: now) { _ in }
        return s.outgoing(now: now) ?? []
    }

    /// A client frame's opcode and unmasked payload.
    static func unmask(_ f: [UInt8]) -> (opcode: UInt8, payload: [UInt8]) {
        var at = 2
        if f[1] & 0x7F == 126 { at = 4 }
        if f[1] & 0x7F == 127 { at = 10 }
        let key = Array(f[at..<(at + 4)])
        return (f[0] & 0x0F, f[(at + 4)...].enumerated().map { $0.element ^ key[$0.offset & 3] })
    }

    @Test func sessionSubscribesReadsTheOwnVesselAndReconnects() {
        let sys = Sockets()
        let paths = ["navigation.speedOverGround", "environment.water.temperature"]
        let source = StreamSource(
            transport: .tcp(NetworkAddress(host: "boat", port: 3000)), protocol: SignalKSession(host: "boat:3000", paths: paths),
            backoff: Backoff(initial: 10, maximum: 10), system: sys)
        var got: [Sample] = []
        #expect(source.service(now: 0) { got.append($0) } == .connected)
        #expect(sys.written == [Array("GET /signalk HTTP/1.1\r\nHost: boat:3000\r\nAccept: application/json\r\n\r\n".utf8)])
        // Discovery's answer keeps the connection: the upgrade follows on it.
        sys.reads = [.success(.bytes(Self.discoveryAnswer))]
        #expect(source.service(now: 0) { got.append($0) } == nil)
        sys.written.removeFirst()
        #expect(
            sys.written.count == 1
                && sys.written[0].starts(with: Array("GET /signalk/v1/stream?subscribe=none&sendMeta=all HTTP/1.1\r\nHost: boat:3000\r\n".utf8))
        )
        let hello = String(decoding: Self.sample("docs-hello.json"), as: UTF8.self)
        let own = String(decoding: Self.sample("docs-data_model_multiple_values.json"), as: UTF8.self)
        let other = String(decoding: Self.sample("docs-data_model.json"), as: UTF8.self)
        let delta =
            #"{"updates":[{"values":[{"path":"environment.water.temperature","value":291.15},{"path":"navigation.speedOverGround","value":null}]}]}"#
        // The answer, the hello, another vessel's delta and the own one's, in one read.
        sys.reads = [.success(.bytes(Self.accept(sys.written[0]) + Self.text(hello) + Self.text(other) + Self.text(delta) + Self.text(own)))]
        source.service(now: 1) { got.append($0) }
        #expect(got.count == 2 && got[0] == Sample(name: "environment.water.temperature", value: 291.15, unit: .none) && got[1].isNoValue)
        #expect(sys.written.count == 2)
        let subscribe = Self.unmask(sys.written[1])
        #expect(subscribe.opcode == 1 && subscribe.payload == SignalKMessage.subscribe(paths, period: 1000, minPeriod: 200))
        // A ping is answered with the same payload; a message that is not JSON is counted.
        sys.reads = [.success(.bytes(WebSocketTests.frame(0x89, [9, 8, 7]) + Self.text("nope")))]
        source.service(now: 2) { got.append($0) }
        #expect(sys.written.count == 3 && Self.unmask(sys.written[2]).opcode == 10 && Self.unmask(sys.written[2]).payload == [9, 8, 7])
        #expect(source.droppedCount == 1)
        // The server closes: the source closes too, opens again and subscribes again.
        sys.reads = [.success(.bytes(WebSocketTests.frame(0x88, [0x03, 0xE9])))]
        #expect(source.service(now: 3) { _ in } != nil)
        let answer = Self.unmask(sys.written.last!)  // the close answered, its code echoed (1001)
        #expect(answer.opcode == 8 && answer.payload == [0x03, 0xE9], "\(answer)")
        #expect(source.service(now: 13) { _ in } == .connected)
        let request = sys.written.last!
        #expect(request.starts(with: Array("GET /signalk/v1/stream?".utf8)))  // discovered once
        sys.reads = [.success(.bytes(Self.accept(request)))]
        source.service(now: 14) { _ in }
        #expect(Self.unmask(sys.written.last!).payload == SignalKMessage.subscribe(paths, period: 1000, minPeriod: 200))
    }

    @Test func refusedUpgradeOrSilenceGivesUp() {
        var s = SignalKSession(host: "h:1", paths: ["a.b"])
        _ = Self.discover(&s)
        s.receive(Array("HTTP/1.1 404 Not Found\r\n\r\n".utf8), now: 1) { _ in }
        #expect(s.wantsReconnect && s.takeNotices() == ["the WebSocket upgrade was refused: HTTP/1.1 404 Not Found"])
        s.connectionReset()
        #expect(!s.wantsReconnect)
        _ = s.outgoing(now: 100)
        #expect(s.deadline == 100 + SignalKSession.handshakeTimeout)
        _ = s.outgoing(now: 100 + SignalKSession.handshakeTimeout)
        #expect(s.wantsReconnect)
    }
}
