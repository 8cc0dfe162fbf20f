// libFuzzer target for GaugeNet's WebSocket client and Signal K reader (built by
// scripts/fuzz-sensors.sh): the input as a server's frames fed whole, in two chunks and a
// byte at a time must give the same events and the same failure; every text message is
// read as a Signal K message (values, meta zones, notifications) and by a session that
// hands on zones and notifications; the input as the answer to the upgrade and to
// discovery (GET /signalk) is read too.

import GaugeDecoders
import GaugeNet

func decode(_ input: [UInt8], chunk: Int) -> ([WebSocketEvent], WebSocketDecodeError?) {
    var decoder = WebSocketDecoder(maximumMessageSize: 256)
    var events: [WebSocketEvent] = []
    var i = 0
    while i < input.count {
        let end = chunk >= input.count - i ? input.count : i + chunk
        do throws(WebSocketDecodeError) {
            try decoder.feed(Array(input[i..<end])) { events.append($0) }
        } catch {
            return (events, error)
        }
        i = end
    }
    if decoder.statistics.bytes != UInt64(input.count) { fatalError("byte count") }
    return (events, nil)
}

/// A text message as an open session's: what it hands on stays bounded.
func readBySession(_ message: [UInt8]) {
    var session = SignalKSession(host: "h:1", paths: ["a.b", "c"], notifications: true)
    _ = session.outgoing(now: 0)  // GET /signalk, answered keeping the connection
    let body = #"{"endpoints":{"v1":{"signalk-ws":"ws://h:1/signalk/v1/stream"}}}"#
    session.receive(Array("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8), now: 0) { _ in }
    let request = session.outgoing(now: 0) ?? []
    var frame: [UInt8] = [0x81]
    if message.count < 126 {
        frame.append(UInt8(message.count))
    } else {
        frame += [126, UInt8(message.count >> 8), UInt8(message.count & 0xFF)]
    }
    session.receive(acceptAnswer(request) + frame + message, now: 1) { _ in }
    if session.takeAlarms().count > 64 { fatalError("more alarms held than the bound") }
}

/// The upgrade's answer: Sec-WebSocket-Accept for the request's key.
func acceptAnswer(_ request: [UInt8]) -> [UInt8] {
    let marker = Array("Sec-WebSocket-Key: ".utf8)
    var i = 0
    while i + marker.count <= request.count, Array(request[i..<(i + marker.count)]) != marker { i += 1 }
    let start = i + marker.count
    var end = start
    while end < request.count, request[end] != 13 { end += 1 }
    let accept = WebSocketHandshake.accept(forKey: Array(request[start..<end]))
    return Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ".utf8)
        + accept + Array("\r\n\r\n".utf8)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func webSocketFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = decode(input, chunk: Int.max)
    let halves = decode(input, chunk: max(1, size / 2))
    let bytes = decode(input, chunk: 1)
    if whole.0 != halves.0 || whole.1 != halves.1 || whole.0 != bytes.0 || whole.1 != bytes.1 {
        fatalError("chunking changed the events")
    }
    for event in whole.0 {
        switch event {
        case .text(let m), .binary(let m):
            if m.count > 256 { fatalError("a message over the limit was kept") }
            if let message = try? SignalKMessage.read(m) {
                for v in message.values { if case .number(let x) = v.value, !x.isFinite { fatalError("non-finite value") } }
                if message.valueUpdates.count != message.values.count { fatalError("a value without its update") }
                for i in message.values.indices where message.sources(ofValue: i).count > 2 { fatalError("too many sources") }
                for meta in message.metas {
                    if (meta.zones?.count ?? 0) > 16 { fatalError("more zones kept than the bound") }
                    for z in meta.zones ?? [] where z.lower.isNaN || z.upper.isNaN { fatalError("a NaN zone edge") }
                }
            }
            readBySession(m)
        case .ping(let p): if p.count > 125 { fatalError("control frame over 125 bytes") }
        default: break
        }
    }
    var handshake = WebSocketHandshake(host: "h:1", path: "/", key: [UInt8](repeating: 7, count: 16))
    _ = handshake.feed(input)
    var discovery = SignalKDiscovery()
    if let answer = discovery.feed(input), answer.streamPath != nil, answer.problem != nil { fatalError("a path and a problem") }
    return 0
}
