// libFuzzer target for NMEADecoder (built by scripts/fuzz-sensors.sh).

import GaugeDecoders

@_cdecl("LLVMFuzzerTestOneInput")
public func nmeaFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    var whole = NMEADecoder()
    var a: [Sample] = []
    whole.feed(input) { a.append($0) }
    let split = size == 0 ? 0 : Int(input[0]) % (size + 1)
    var pieces = NMEADecoder()
    var b: [Sample] = []
    pieces.feed(UnsafeBufferPointer(rebasing: input[0..<split])) { b.append($0) }
    pieces.feed(UnsafeBufferPointer(rebasing: input[split...])) { b.append($0) }
    if a != b || whole.statistics != pieces.statistics { fatalError("split feed differs") }
    if whole.statistics.bytes != UInt64(size) { fatalError("byte count") }
    for s in a where !s.value.isFinite { fatalError("non-finite value") }
    return 0
}
