// libFuzzer target for GaugeNet's MQTTSession (built by scripts/fuzz-sensors.sh): the input is
// what a broker sends, fed in chunks whose sizes come from its first byte, with the clock
// moving and outgoing asked for after each chunk. Samples must name a channel; a give-up must
// stop everything until the reset, which must restart the handshake; what waits to be sent
// stays bounded.

@_cdecl("LLVMFuzzerTestOneInput")
public func mqttSessionFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    guard let first = input.first else { return 0 }
    let step = Int(first & 0x1F) + 1
    let channels = [
        MQTTSession.Channel(name: "a", filter: "a/+"),
        MQTTSession.Channel(name: "b", filter: "#", reader: PayloadReader(path: "v.w")),
        MQTTSession.Channel(name: "c", filter: "a/b"),
    ]
    var config = MQTTSession.Configuration(
        clientID: "fuzz", keepAlive: UInt16(first >> 5), username: "u",
        password: [1, 2], qos: first & 0x20 != 0 ? .atLeastOnce : .atMostOnce,
        channels: channels)
    config.maximumPacketSize = 512
    var session = MQTTSession(config)
    session.connectionReset()
    var now: UInt64 = 0
    if session.outgoing(now: now)?.first != 0x10 { fatalError("no CONNECT first") }
    var i = 1
    while i < input.count {
        let end = min(i + step, input.count)
        now &+= UInt64(input[i]) &* 50_000_000
        session.receive(Array(input[i..<end]), now: now) { s in
            if s.name != "a" && s.name != "b" && s.name != "c" { fatalError("sample for no channel: \(s.name)") }
        }
        let out = session.outgoing(now: now)
        if (out?.count ?? 0) > 64 * 1024 { fatalError("unbounded outgoing bytes") }
        if session.wantsReconnect {
            if session.outgoing(now: now) != nil || session.deadline != nil { fatalError("a failed session still acts") }
            session.connectionReset()
            if session.wantsReconnect || session.outgoing(now: now)?.first != 0x10 { fatalError("reset did not restart") }
        }
        _ = session.takeNotices()
        i = end
    }
    return 0
}
