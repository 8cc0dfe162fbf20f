// libFuzzer target for LineProtocolDecoder (built by scripts/fuzz-sensors.sh).
// Checks, besides "no crash": feeding in two pieces gives exactly what one feed gives.

import GaugeDecoders

@_cdecl("LLVMFuzzerTestOneInput")
public func lineProtocolFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    var whole = LineProtocolDecoder(maxLineLength: 64)
    var a: [Sample] = []
    whole.feed(input) { a.append($0) }
    let split = size == 0 ? 0 : Int(input[0]) % (size + 1)
    var pieces = LineProtocolDecoder(maxLineLength: 64)
    var b: [Sample] = []
    pieces.feed(UnsafeBufferPointer(rebasing: input[0..<split])) { b.append($0) }
    pieces.feed(UnsafeBufferPointer(rebasing: input[split...])) { b.append($0) }
    // NaN != NaN, but the parser never yields NaN, so plain equality must hold.
    if a != b || whole.statistics != pieces.statistics { fatalError("split feed differs") }
    if whole.statistics.bytes != UInt64(size) { fatalError("byte count") }
    for s in a where !s.value.isFinite { fatalError("non-finite value") }
    return 0
}
