// libFuzzer target for DBCFile.parse and signal decoding (built by scripts/fuzz-sensors.sh).

import GaugeCAN

@_cdecl("LLVMFuzzerTestOneInput")
public func dbcFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let db: DBCFile
    do throws(DBCError) {
        db = try DBCFile.parse(input)
    } catch {
        if error.line < 1 || error.message.isEmpty { fatalError("error without a line or message") }
        return 0
    }
    for message in db.messages {
        if message.length > 64 { fatalError("DLC over 64") }
        // Frame data from the input itself, at the message's length and shorter.
        var frame = [UInt8](repeating: 0, count: Int(message.length))
        for k in 0..<frame.count where k < input.count { frame[k] = input[input.count - 1 - k] }
        for s in message.signals where s.layout.bytesNeeded > Int32(message.length) { fatalError("signal outside its message") }
        _ = message.decode(frame)
        _ = message.decode(Array(frame.prefix(frame.count / 2)))
        for s in message.signals {
            _ = try? db.signal(named: s.name)
            _ = try? db.signal(named: message.name + "." + s.name)
            if let d = s.decode(frame), let raw = s.encodeRaw(d.physical) { _ = raw }
        }
    }
    _ = try? db.signal(named: "Zz.Unknown")
    return 0
}
