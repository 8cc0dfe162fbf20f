import GaugeDecoders

/// NMEA 2000 frames in, samples out: the header, fast-packet reassembly for the PGNs
/// that need it, and the PGNs of `NMEA2000PGNs`.
///
/// Statistics use the decoders' shared `DecoderStatistics`: `accepted` messages decoded,
/// `unknownSentence` PGNs not mapped, `unparsable` frames that are not NMEA 2000 (11-bit,
/// remote, FD); fast-packet losses are in `fastPackets`.
public struct NMEA2000Decoder: Sendable {
    public private(set) var statistics = DecoderStatistics()
    public var fastPackets: FastPacketStatistics { assembler.statistics }
    var assembler = FastPacketAssembler()

    public init() {}

    /// Returns whether the frame is NMEA 2000 of a supported PGN — also a fast packet's
    /// frame before its last, which gives no sample yet.
    @discardableResult
    public mutating func feed(_ frame: CANFrame, into sink: (Sample) -> Void) -> Bool {
        statistics.bytes &+= UInt64(frame.data.count)
        guard frame.isExtended, !frame.isRemote, !frame.isFD, frame.data.count <= 8 else {
            statistics.unparsable &+= 1
            return false
        }
        let header = NMEA2000Header(id: frame.id)
        guard NMEA2000PGNs.supported.contains(header.pgn) else {
            statistics.unknownSentence &+= 1
            return false
        }
        var message = frame.data
        if NMEA2000PGNs.fastPacket.contains(header.pgn) {
            guard let whole = assembler.add(header, frame.data) else { return true }
            message = whole
        }
        var emitted: UInt64 = 0
        _ = NMEA2000PGNs.decode(header.pgn, message) { s in
            emitted &+= 1
            sink(s)
        }
        statistics.accepted &+= 1
        statistics.samples &+= emitted
        return true
    }

    public mutating func feed(_ frame: CANFrame) -> [Sample] {
        var out: [Sample] = []
        feed(frame) { out.append($0) }
        return out
    }

    /// Forgets unfinished fast packets.
    public mutating func resetFraming() {
        assembler.reset()
    }
}
