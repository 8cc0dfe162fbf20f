// libFuzzer target for GaugeNet's JSONScanner and PayloadReader (built by scripts/fuzz-sensors.sh):
// the input's first line is a path, the rest a payload.

import GaugeNet

@_cdecl("LLVMFuzzerTestOneInput")
public func jsonPayloadFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let newline = input.firstIndex(of: 10) ?? 0
    let path = String(decoding: input[0..<newline], as: UTF8.self)
    let payload = Array(input[min(newline + 1, input.count)...])
    var items = 0
    let limits = JSONScanner.Limits(maxBytes: 4096, maxDepth: 12)
    do throws(JSONError) {
        try JSONScanner.scan(payload, limits: limits) { p, item in
            items += 1
            switch item {
            case .number(let v): if !v.isFinite { fatalError("non-finite number") }
            default: break
            }
        }
        if items == 0 { fatalError("a document without a value") }
    } catch {
        switch error {
        case .badUTF8(let o), .unexpected(let o), .badNumber(let o), .badString(let o):
            if o < 0 || o > payload.count { fatalError("offset out of range") }
        case .tooLarge, .tooDeep: break
        }
    }
    switch PayloadReader(path: path, limits: limits).read(payload) {
    case .value(let v): if !v.isFinite { fatalError("non-finite value") }
    case .stale, .absent, .unparsable: break
    }
    return 0
}
