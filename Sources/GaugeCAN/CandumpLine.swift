import GaugeSensors

/// One line of `candump -l` (and `-L`) output:
/// `(1700000000.123456) can0 123#DEADBEEF`, `… 12345678#00` (29-bit: eight digits),
/// `… 123##1001122` (CAN FD: `##`, a flag nibble, then data), `… 123#R` / `123#R5` (remote).
///
/// Data bytes may be separated by `.` (as `cansend` accepts). The timestamp is seconds
/// with up to nine fraction digits, returned as nanoseconds since the epoch.
public struct CandumpLine: Sendable, Equatable {
    public var time: UInt64
    public var interface: String
    public var frame: CANFrame

    public init(time: UInt64, interface: String, frame: CANFrame) {
        self.time = time
        self.interface = interface
        self.frame = frame
    }

    /// Parses one line (a trailing CR/LF is ignored).
    public static func parse<C: Collection>(_ line: C) throws(CandumpError) -> CandumpLine where C.Element == UInt8 {
        var b = Array(line)
        while let last = b.last, last == 10 || last == 13 { b.removeLast() }
        var i = 0
        guard i < b.count, b[i] == UInt8(ascii: "(") else { throw .missingTimestamp }
        i += 1
        let time = try parseTime(b, &i)
        guard i < b.count, b[i] == UInt8(ascii: ")") else { throw .badTimestamp }
        i += 1
        guard skipBlanks(b, &i) else { throw .missingInterface }
        let interfaceStart = i
        while i < b.count, b[i] != 32, b[i] != 9 { i += 1 }
        let interface = String(decoding: b[interfaceStart..<i], as: UTF8.self)
        guard skipBlanks(b, &i) else { throw .missingFrame }
        let frameStart = i
        while i < b.count, b[i] != 32, b[i] != 9 { i += 1 }
        // candump -L may append nothing else; anything after the frame but blanks is junk.
        var rest = i
        if rest < b.count { _ = skipBlanks(b, &rest) }
        guard rest == b.count else { throw .trailingText }
        let frame = try parseFrame(b[frameStart..<i])
        return CandumpLine(time: time, interface: interface, frame: frame)
    }

    /// `123#…` alone (what `cansend` takes).
    public static func parseFrame(_ s: ArraySlice<UInt8>) throws(CandumpError) -> CANFrame {
        guard let hash = s.firstIndex(of: UInt8(ascii: "#")) else { throw .missingHash }
        let idDigits = hash - s.startIndex
        guard idDigits == 3 || idDigits == 8 else { throw .badIdentifier }
        var id: UInt32 = 0
        for c in s[s.startIndex..<hash] {
            guard let d = Hex.digit(c) else { throw .badIdentifier }
            id = id << 4 | UInt32(d)
        }
        let extended = idDigits == 8
        var i = hash + 1
        var fd = false
        var flags: UInt8 = 0
        if i < s.endIndex, s[i] == UInt8(ascii: "#") {
            fd = true
            i += 1
            guard i < s.endIndex, let f = Hex.digit(s[i]) else { throw .badFlags }
            flags = f
            i += 1
        } else if i < s.endIndex, s[i] == UInt8(ascii: "R") || s[i] == UInt8(ascii: "r") {
            i += 1
            var length: UInt8 = 0
            if i < s.endIndex {
                guard s.endIndex - i == 1, let d = Hex.digit(s[i]), d <= 8 else { throw .badData }
                length = d
            }
            do throws(CANFrameError) {
                return try CANFrame(remoteID: id, extended: extended, length: length)
            } catch {
                throw .frame(error)
            }
        }
        var data: [UInt8] = []
        while i < s.endIndex {
            if s[i] == UInt8(ascii: ".") {
                i += 1
                continue
            }
            guard i + 1 < s.endIndex, let h = Hex.digit(s[i]), let l = Hex.digit(s[i + 1]) else { throw .badData }
            guard data.count < 64 else { throw .badData }
            data.append(h << 4 | l)
            i += 2
        }
        do throws(CANFrameError) {
            return try CANFrame(id: id, extended: extended, data: data, fd: fd, fdFlags: flags)
        } catch {
            throw .frame(error)
        }
    }

    /// Seconds and up to nine fraction digits → nanoseconds.
    static func parseTime(_ b: [UInt8], _ i: inout Int) throws(CandumpError) -> UInt64 {
        var seconds: UInt64 = 0
        var digits = 0
        while i < b.count, b[i] >= 48, b[i] <= 57 {
            // Ten digits of seconds keep seconds × 10⁹ below UInt64's limit.
            guard digits < 10 else { throw .badTimestamp }
            seconds = seconds * 10 + UInt64(b[i] - 48)
            digits += 1
            i += 1
        }
        guard digits > 0 else { throw .badTimestamp }
        var nanos: UInt64 = 0
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            var scale: UInt64 = 100_000_000
            var fraction = 0
            while i < b.count, b[i] >= 48, b[i] <= 57 {
                guard fraction < 9 else { throw .badTimestamp }
                nanos += UInt64(b[i] - 48) * scale
                scale /= 10
                fraction += 1
                i += 1
            }
            guard fraction > 0 else { throw .badTimestamp }
        }
        return seconds * 1_000_000_000 + nanos
    }

    /// Skips spaces and tabs; false when the line ends there.
    static func skipBlanks(_ b: [UInt8], _ i: inout Int) -> Bool {
        let start = i
        while i < b.count, b[i] == 32 || b[i] == 9 { i += 1 }
        return i > start && i < b.count
    }
}

public enum CandumpError: Error, Equatable, Sendable {
    case missingTimestamp, badTimestamp, missingInterface, missingFrame, trailingText
    case missingHash, badIdentifier, badFlags, badData
    case frame(CANFrameError)

    public var message: String {
        switch self {
        case .missingTimestamp: return "expected a timestamp in parentheses, e.g. (1700000000.123456)"
        case .badTimestamp: return "timestamp is not seconds with up to nine fraction digits"
        case .missingInterface: return "expected an interface name after the timestamp"
        case .missingFrame: return "expected a frame (id#data) after the interface"
        case .trailingText: return "text after the frame"
        case .missingHash: return "frame without '#' between id and data"
        case .badIdentifier: return "id is not 3 (11-bit) or 8 (29-bit) hex digits"
        case .badFlags: return "CAN FD frame (##) without a hex flag nibble"
        case .badData: return "data is not pairs of hex digits (at most 64 bytes)"
        case .frame(let e): return e.message
        }
    }
}
