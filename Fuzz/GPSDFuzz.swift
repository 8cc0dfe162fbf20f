// libFuzzer target for GaugeNet's GPSDDecoder (built by scripts/fuzz-sensors.sh): the input
// fed whole and in two chunks must give the same readings.

import GaugeDecoders
import GaugeNet

@_cdecl("LLVMFuzzerTestOneInput")
public func gpsdFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    var whole = GPSDDecoder(maxLineLength: 256)
    let expected = whole.feed(input)
    var split = GPSDDecoder(maxLineLength: 256)
    let cut = size / 2
    let got = split.feed(input[0..<cut]) + split.feed(input[cut...])
    if got != expected { fatalError("chunking changed the readings") }
    for r in expected {
        if case .sample(let s) = r, !s.value.isFinite { fatalError("non-finite sample") }
    }
    let st = whole.statistics
    if st.bytes != UInt64(size) { fatalError("byte count") }
    return 0
}
