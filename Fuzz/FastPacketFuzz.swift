// libFuzzer target for fast-packet reassembly and the NMEA 2000 PGNs (built by
// scripts/fuzz-sensors.sh). Input: records of <source/PGN selector> <8 data bytes>.

let fuzzPGNs: [UInt32] = [
    127489, 128267, 128259, 127250, 130306, 129026, 129025, 127488, 127505, 127508,
    130312, 130316, 59904,
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fastPacketFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    var decoder = NMEA2000Decoder()
    var assembler = FastPacketAssembler()
    var i = 0
    while i < input.count {
        let selector = input[i]
        let payload = Array(input[(i + 1)..<min(i + 9, input.count)])
        i += 9
        let pgn = fuzzPGNs[Int(selector >> 4) % fuzzPGNs.count]
        let header = NMEA2000Header(priority: selector & 7, pgn: pgn, source: selector & 3)
        if NMEA2000Header(id: header.id) != header { fatalError("header differs after id()") }
        if let m = assembler.add(header, payload), m.isEmpty || m.count > FastPacketAssembler.maxLength {
            fatalError("message length")
        }
        if assembler.runsInProgress > Int32(FastPacketAssembler.maxRuns) { fatalError("runs") }
        guard let frame = try? CANFrame(id: header.id, extended: true, data: payload) else { continue }
        for s in decoder.feed(frame) where !s.value.isFinite { fatalError("non-finite value") }
        _ = NMEA2000PGNs.decode(pgn, payload) { s in if !s.value.isFinite { fatalError("non-finite value") } }
    }
    return 0
}
