// libFuzzer target for the TunerStudio INI parser and the realtime decoding of what it
// parsed (built by scripts/fuzz-sensors.sh). The input is an INI; its own bytes, reversed,
// are the realtime block.

@_cdecl("LLVMFuzzerTestOneInput")
public func ecuINIFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let definition: ECUDefinition
    do throws(INIError) {
        definition = try ECUDefinition.parse(input, settings: ["CELSIUS"])
    } catch {
        if error.message.isEmpty { fatalError("error without a message") }
        return 0
    }
    if definition.blockSize < 1 || definition.blockSize > 65535 { fatalError("block size out of range") }
    for c in definition.channels {
        if let r = c.byteRange, r.upperBound > definition.blockSize { fatalError("readable channel outside the block") }
    }
    let decoder = RealtimeDecoder(definition: definition, names: [])
    var block = [UInt8](repeating: 0, count: decoder.range.count)
    for k in block.indices where k < input.count { block[k] = input[input.count - 1 - k] }
    decoder.decode(block[...]) { _ in }
    decoder.decode(block.prefix(block.count / 2)) { _ in fatalError("a short block decoded") }
    _ = definition.channelListing
    return 0
}
