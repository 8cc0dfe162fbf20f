// libFuzzer target for WAVFile.parse (built by scripts/fuzz-sensors.sh): any bytes are a
// file or an error with words, never a trap; a file's fields hold.

import GaugeDecoders

@_cdecl("LLVMFuzzerTestOneInput")
public func wavFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let file: WAVFile
    do throws(WAVError) {
        file = try WAVFile.parse(input)
    } catch {
        if error.message.isEmpty { fatalError("an error without words") }
        return 0
    }
    if file.channels != 1 && file.channels != 2 { fatalError("channels \(file.channels)") }
    if file.rate < 8000 || file.rate > 192_000 { fatalError("rate \(file.rate)") }
    if file.frames < 1 || file.samples.count != file.frames * Int(file.channels) { fatalError("samples and frames disagree") }
    if file.samples.count * 2 > input.count { fatalError("more samples than bytes") }
    return 0
}
