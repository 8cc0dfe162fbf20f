/// The 29-bit identifier of an NMEA 2000 (ISO 11783 / J1939) frame:
/// priority (3 bits), extended data page and data page, PDU format (PF), PDU specific
/// (PS) and source address.
///
/// PF < 240 is PDU1: PS is the destination address and not part of the PGN.
/// PF ≥ 240 is PDU2: PS is part of the PGN and the frame goes to everyone (255).
public struct NMEA2000Header: Sendable, Equatable {
    public static let broadcast: UInt8 = 255

    public var priority: UInt8
    public var pgn: UInt32
    public var source: UInt8
    public var destination: UInt8

    public init(priority: UInt8, pgn: UInt32, source: UInt8, destination: UInt8 = NMEA2000Header.broadcast) {
        self.priority = priority & 7
        self.pgn = pgn & 0x3_FFFF
        self.source = source
        self.destination = destination
    }

    public init(id: UInt32) {
        priority = UInt8(id >> 26 & 7)
        source = UInt8(id & 0xFF)
        let page = id >> 24 & 3
        let pf = id >> 16 & 0xFF
        let ps = id >> 8 & 0xFF
        if pf < 240 {
            pgn = page << 16 | pf << 8
            destination = UInt8(ps)
        } else {
            pgn = page << 16 | pf << 8 | ps
            destination = Self.broadcast
        }
    }

    /// The identifier back; a PDU1 PGN carries the destination in its low byte.
    public var id: UInt32 {
        let pf = pgn >> 8 & 0xFF
        let low = pf < 240 ? UInt32(destination) : pgn & 0xFF
        return UInt32(priority) << 26 | (pgn & 0x3_FF00) << 8 | low << 8 | UInt32(source)
    }

    public var isPDU1: Bool { pgn >> 8 & 0xFF < 240 }
}
