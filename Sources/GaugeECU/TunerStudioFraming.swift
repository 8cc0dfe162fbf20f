/// The two ways TunerStudio's commands travel. `legacy`: the command's bytes as they are,
/// the answer raw. `crc32` (`msEnvelope_1.0`, newer Speeduino, rusEFI, MS3): a 2-byte
/// big-endian length, the payload, the payload's CRC32 (big-endian); an answer's payload
/// starts with a status byte (0: OK).
public enum TunerStudioFraming: Sendable, Equatable {
    case legacy
    case crc32

    public var name: String { self == .legacy ? "legacy" : "crc32" }

    /// What to write for `command`.
    public func frame(_ command: [UInt8]) -> [UInt8] {
        guard self == .crc32 else { return command }
        let n = UInt16(truncatingIfNeeded: command.count)
        let crc = CRC32.of(command)
        var out: [UInt8] = [UInt8(n >> 8), UInt8(truncatingIfNeeded: n)]
        out += command
        out += [UInt8(crc >> 24), UInt8(truncatingIfNeeded: crc >> 16), UInt8(truncatingIfNeeded: crc >> 8), UInt8(truncatingIfNeeded: crc)]
        return out
    }
}

/// CRC-32 as zlib computes it (reflected, polynomial 0xEDB88320), as TunerStudio's framing uses.
public enum CRC32 {
    public static func of<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }
}

/// Collects one answer. Legacy: `expected` raw bytes. CRC32: one frame, its CRC checked.
struct AnswerAssembler: Sendable, Equatable {
    enum Outcome: Sendable, Equatable {
        case incomplete
        /// The answer's data (for CRC32 without the status byte).
        case complete([UInt8])
        /// A CRC32 answer whose status byte is not 0 (0x82 CRC, 0x83 command, 0x84 range).
        case status(UInt8)
        /// A length past any answer, or a CRC that does not match: out of step.
        case garbled
    }

    /// The largest payload an answer may have (rusEFI's blocking factor is far below it).
    static let maxPayload = 16_384

    let framing: TunerStudioFraming
    let expected: Int
    private(set) var buffer: [UInt8] = []

    init(framing: TunerStudioFraming, expected: Int) {
        self.framing = framing
        self.expected = expected
        buffer.reserveCapacity(framing == .crc32 ? expected + 7 : expected)
    }

    mutating func add<C: Collection>(_ bytes: C) -> Outcome where C.Element == UInt8 {
        buffer += bytes
        return framing == .legacy ? legacyOutcome() : crcOutcome()
    }

    private func legacyOutcome() -> Outcome {
        buffer.count >= expected ? .complete(Array(buffer.prefix(expected))) : .incomplete
    }

    private func crcOutcome() -> Outcome {
        guard buffer.count >= 2 else { return .incomplete }
        let length = Int(buffer[0]) << 8 | Int(buffer[1])
        guard length >= 1, length <= Self.maxPayload else { return .garbled }
        guard buffer.count >= length + 6 else { return .incomplete }
        let payload = buffer[2..<(2 + length)]
        var crc: UInt32 = 0
        for b in buffer[(2 + length)..<(6 + length)] { crc = crc << 8 | UInt32(b) }
        guard crc == CRC32.of(payload) else { return .garbled }
        guard payload.first == 0 else { return .status(payload.first ?? 0xFF) }
        return .complete(Array(payload.dropFirst()))
    }
}
