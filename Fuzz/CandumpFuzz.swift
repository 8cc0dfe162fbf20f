// libFuzzer target for CandumpLine.parse (built by scripts/fuzz-sensors.sh).

import GaugeCAN

@_cdecl("LLVMFuzzerTestOneInput")
public func candumpFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    for line in input.split(separator: 10, omittingEmptySubsequences: false) {
        do throws(CandumpError) {
            let l = try CandumpLine.parse(line)
            let f = l.frame
            if f.data.count > 64 || (!f.isFD && f.data.count > 8) { fatalError("length") }
            if f.id > (f.isExtended ? CANFrame.maxExtendedID : CANFrame.maxStandardID) { fatalError("id") }
            if f.isRemote && !f.data.isEmpty { fatalError("remote with data") }
        } catch {
            if error.message.isEmpty { fatalError("empty message") }
        }
    }
    return 0
}
