import GaugeConfig
import GaugeECU
import GaugeSystem

/// A counter's value on disk, safe against a power cut at any moment: two slots,
/// `FILE.a` and `FILE.b`, written in turn, each a line with a sequence number, the value
/// (its exact bits, and as text for people) and a CRC-32 of the rest. A save rewrites the
/// older slot and fsyncs it before returning; a cut during it tears at most that slot,
/// which its checksum then refuses, and the other still holds the previous save. Loading
/// takes the valid slot with the higher sequence number.
///
///     gaugepanel-counter 42 40a3f0a3d70a3d71 2552.12 9c1e5f0a
struct CounterStore {
    let file: String
    let system: any PanelSystem

    /// What a load found: the value (0 for a new counter), the next sequence number, and
    /// what to say (a torn or unreadable slot, a fresh start).
    struct Loaded: Equatable {
        var value: Double
        var sequence: UInt64
        var notes: [String]
    }

    var slots: [String] { [file + ".a", file + ".b"] }

    func load() -> Loaded {
        var best: (sequence: UInt64, value: Double)?
        var notes: [String] = []
        var missing = 0
        for path in slots {
            let bytes: [UInt8]
            do { bytes = try system.readFile(path, limit: 256) } catch {
                if error.errno == .noSuchFileOrDirectory { missing += 1 } else { notes.append("\(path): \(error.description)") }
                continue
            }
            guard let slot = Self.decode(bytes) else {
                notes.append("\(path): torn or corrupt (a power cut while it was written?); the other slot is used")
                continue
            }
            if best.map({ slot.sequence > $0.sequence }) ?? true { best = slot }
        }
        if missing == 2 { notes.append("no saved count at \(file).a/.b: starting from 0") }
        guard let best else { return Loaded(value: 0, sequence: 1, notes: notes) }
        return Loaded(value: best.value, sequence: best.sequence &+ 1, notes: notes)
    }

    /// Writes `value` as save number `sequence` into its slot, on the disk when it returns.
    func save(_ value: Double, sequence: UInt64) throws(FileError) {
        try system.writeFile(slots[Int(sequence % 2)], Self.encode(value, sequence: sequence), .durable)
    }

    static func encode(_ value: Double, sequence: UInt64) -> [UInt8] {
        let body = Array("gaugepanel-counter \(sequence) \(hex(value.bitPattern, digits: 16)) \(value)".utf8)
        return body + Array(" \(hex(UInt64(CRC32.of(body)), digits: 8))\n".utf8)
    }

    static func decode(_ bytes: [UInt8]) -> (sequence: UInt64, value: Double)? {
        guard bytes.last == 10 else { return nil }
        let fields = bytes.dropLast().split(separator: 32, omittingEmptySubsequences: false)
        guard fields.count == 5, String(decoding: fields[0], as: UTF8.self) == "gaugepanel-counter",
            let sequence = UInt64(String(decoding: fields[1], as: UTF8.self)),
            let bits = UInt64(String(decoding: fields[2], as: UTF8.self), radix: 16),
            let crc = UInt64(String(decoding: fields[4], as: UTF8.self), radix: 16),
            let lastSpace = bytes.dropLast().lastIndex(of: 32),
            UInt64(CRC32.of(Array(bytes[..<lastSpace]))) == crc
        else { return nil }
        let value = Double(bitPattern: bits)
        return value.isFinite ? (sequence, value) : nil
    }

    private static func hex(_ v: UInt64, digits: Int) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(digits - s.utf8.count, 0)) + s
    }
}
