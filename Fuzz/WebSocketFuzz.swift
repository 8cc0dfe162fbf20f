// libFuzzer target for GaugeNet's WebSocket client and Signal K reader (built by
// scripts/fuzz-sensors.sh): the input as a server's frames fed whole, in two chunks and a
// byte at a time must give the same events and the same failure; every text message is
// read as a Signal K message; the input as the answer to the upgrade is read too.

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
            }
        case .ping(let p): if p.count > 125 { fatalError("control frame over 125 bytes") }
        default: break
        }
    }
    var handshake = WebSocketHandshake(host: "h:1", path: "/", key: [UInt8](repeating: 7, count: 16))
    _ = handshake.feed(input)
    return 0
}
