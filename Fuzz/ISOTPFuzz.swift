// libFuzzer target for ISOTPReceiver (built by scripts/fuzz-sensors.sh).
// Input: frames as <length byte (mod 65)> <that many bytes>, each 1 ms × the length byte apart.

@_cdecl("LLVMFuzzerTestOneInput")
public func isotpFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let blockSize = input.first ?? 0
    var receiver = ISOTPReceiver(
        configuration: .init(
            blockSize: blockSize & 7, timeoutNanoseconds: 100_000_000,
            maxLength: 300))
    var i = 1
    var now: UInt64 = 0
    while i < input.count {
        let n = Int(input[i] % 65)
        now += UInt64(input[i]) * 1_000_000
        i += 1
        let frame = Array(input[i..<min(i + n, input.count)])
        i += n
        for event in receiver.receive(frame, at: now) {
            switch event {
            case .message(let m): if m.isEmpty || m.count > 300 { fatalError("message length") }
            case .flowControl(let f): if f.count != 8 || f[0] >> 4 != 3 { fatalError("flow control") }
            case .error(let e): if e.message.isEmpty { fatalError("empty message") }
            }
        }
        _ = OBDOverCAN.parse(frame)
    }
    _ = receiver.checkTimeout(at: now &+ 1_000_000_000)
    if receiver.isReceiving { fatalError("still receiving after the timeout") }
    return 0
}
