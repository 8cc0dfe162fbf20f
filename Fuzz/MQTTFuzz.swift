// libFuzzer target for GaugeNet's MQTTDecoder (built by scripts/fuzz-sensors.sh): the input
// is fed in chunks whose sizes come from its first byte; every packet decoded must encode
// again and decode to itself, and a failed decoder must stay failed until reset.

@_cdecl("LLVMFuzzerTestOneInput")
public func mqttFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    guard let first = input.first else { return 0 }
    let step = Int(first & 0x1F) + 1
    var decoder = MQTTDecoder(maximumPacketSize: Int(first >> 5) * 64 + 8, direction: first & 1 == 0 ? .any : .fromServer)
    var packets: [MQTTPacket] = []
    var i = 1
    var failed: MQTTDecodeError?
    while i < input.count {
        let end = min(i + step, input.count)
        do throws(MQTTDecodeError) {
            try decoder.feed(input[i..<end]) { packets.append($0) }
        } catch {
            failed = error
            break
        }
        i = end
    }
    if let failed {
        if decoder.failure != failed { fatalError("failure not kept") }
        do throws(MQTTDecodeError) {
            try decoder.feed([0xD0, 0x00]) { _ in }
            fatalError("failed decoder accepted input")
        } catch {
            if error != failed { fatalError("another error after failing") }
        }
        if failed.message.isEmpty { fatalError("empty message") }
    }
    for p in packets {
        let bytes: [UInt8]
        do throws(MQTTEncodeError) { bytes = try MQTTEncoder.encode(p) } catch { fatalError("decoded packet does not encode: \(error)") }
        var again = MQTTDecoder(maximumPacketSize: bytes.count, direction: .any)
        do throws(MQTTDecodeError) {
            var out: [MQTTPacket] = []
            try again.feed(bytes) { out.append($0) }
            if out != [p] { fatalError("round trip differs") }
        } catch {
            fatalError("re-encoded packet does not decode: \(error)")
        }
    }
    return 0
}
