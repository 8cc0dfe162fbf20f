// libFuzzer target for ELM327Driver (built by scripts/fuzz-sensors.sh).
// The input is what a (possibly broken) adapter sends back, in chunks; the first
// byte of each chunk is its length, and time advances between chunks.

@_cdecl("LLVMFuzzerTestOneInput")
public func elm327Fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    var driver = ELM327Driver()
    var now: UInt64 = 1_000
    var i = 0
    var fed: UInt64 = 0
    while i < size {
        let length = Int(input[i] & 31)
        i += 1
        let end = min(size, i + length)
        if driver.nextCommand(now: now) == nil, let d = driver.nextDeadline, d < now {
            // A deadline in the past must produce a command or a new deadline.
            if driver.nextCommand(now: now) == nil && (driver.nextDeadline ?? .max) < now {
                fatalError("stuck with a past deadline")
            }
        }
        driver.feed(UnsafeBufferPointer(rebasing: input[i..<end]), now: now) { s in
            if !s.value.isFinite { fatalError("non-finite value") }
        }
        fed += UInt64(end - i)
        i = end
        now &+= UInt64(length) * 200_000_000  // up to ~6 s: exercises timeouts
    }
    if driver.statistics.bytes != fed { fatalError("byte count") }
    return 0
}
