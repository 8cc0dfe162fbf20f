// libFuzzer target for TunerStudioDriver (built by scripts/fuzz-sensors.sh): a
// Speeduino-shaped INI, and the input as what a (possibly broken) ECU sends back, in
// chunks whose first byte is the length; time advances between chunks.

let tunerStudioINI = Array(
    """
    [MegaTune]
    queryCommand = "Q"
    signature = "speeduino 202501"
    [Constants]
    endianness = little
    messageEnvelopeFormat = msEnvelope_1.0
    [OutputChannels]
    ochGetCommand = "r\\$tsCanId\\x30%2o%2c"
    ochBlockSize = 130
    map = scalar, U16, 4, "kpa", 1, 0
    rpm = scalar, U16, 14, "rpm", 1, 0
    f = scalar, F32, 20, "", 1, 0
    running = bits, U08, 2, [0:0]
    coolant = { (map - 40) * 1.8 + 32 }
    ratio = { rpm ? 60000 / rpm : 0 }
    """.utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func tunerStudioFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    guard let definition = try? ECUDefinition.parse(tunerStudioINI) else { fatalError("the fixed INI must parse") }
    var driver = TunerStudioDriver(decoder: RealtimeDecoder(definition: definition, names: []))
    var now: UInt64 = 1_000
    var i = 0
    var fed: UInt64 = 0
    while i < size {
        let length = Int(input[i] & 63)
        i += 1
        let end = min(size, i + length)
        _ = driver.nextCommand(now: now)
        if let d = driver.nextDeadline, d < now, driver.nextCommand(now: now) == nil, (driver.nextDeadline ?? .max) < now {
            fatalError("stuck with a past deadline")
        }
        driver.feed(UnsafeBufferPointer(rebasing: input[i..<end]), now: now) { _ in }
        fed += UInt64(end - i)
        i = end
        now &+= UInt64(length & 7) * 100_000_000  // up to 0.7 s: exercises timeouts
    }
    if driver.statistics.bytes != fed { fatalError("byte count") }
    _ = driver.takeNotices()
    _ = driver.summary
    return 0
}
