import GaugeECU
import GaugeSystem
import GaugeWidgets

/// A chart's history on disk (`history_file`), safe against a power cut at any moment as
/// a counter's is: two slots, `FILE.a` and `FILE.b`, written in turn and fsynced, each
/// checked by a CRC-32; loading takes the valid slot saved last. A slot holds the
/// window's shape, the wall-clock time of the save (the panel's own clock starts again
/// at every boot) and every column, newest first, as little-endian binary:
///
///     "GPCHART1" sequence:u64 saved-ms:i64 columns:u32 column-ms:i64
///     columns × (low:f32 high:f32 mean:f32 count:u32)  crc32:u32
struct ChartStore {
    let file: String
    let system: any PanelSystem
    static let magic = Array("GPCHART1".utf8)

    struct Saved: Equatable {
        var sequence: UInt64
        /// Milliseconds since the Unix epoch when it was saved.
        var savedMilliseconds: Int64
        var shape: ChartHistory.Shape
        var columnsByAge: [ChartColumn]
    }

    var slots: [String] { [file + ".a", file + ".b"] }

    /// The newest valid slot, and what to say about the others (torn, unreadable).
    func load() -> (saved: Saved?, notes: [String]) {
        var best: Saved?
        var notes: [String] = []
        for path in slots {
            let bytes: [UInt8]
            do { bytes = try system.readFile(path, limit: 1 << 20) } catch {
                if error.errno != .noSuchFileOrDirectory { notes.append("\(path): \(error.description)") }
                continue
            }
            guard let slot = Self.decode(bytes) else {
                notes.append("\(path): torn or corrupt (a power cut while it was written?); the other slot is used")
                continue
            }
            if best.map({ slot.sequence > $0.sequence }) ?? true { best = slot }
        }
        return (best, notes)
    }

    func save(_ saved: Saved) throws(FileError) {
        try system.writeFile(slots[Int(saved.sequence % 2)], Self.encode(saved), .durable)
    }

    static func encode(_ s: Saved) -> [UInt8] {
        var out = magic
        out.reserveCapacity(40 + s.columnsByAge.count * 16)
        append(s.sequence, 8, to: &out)
        append(UInt64(bitPattern: s.savedMilliseconds), 8, to: &out)
        append(UInt64(UInt32(s.columnsByAge.count)), 4, to: &out)
        append(UInt64(bitPattern: s.shape.columnMilliseconds), 8, to: &out)
        for c in s.columnsByAge {
            for v in [UInt64(c.low.bitPattern), UInt64(c.high.bitPattern), UInt64(c.mean.bitPattern), UInt64(c.count)] { append(v, 4, to: &out) }
        }
        append(UInt64(CRC32.of(out)), 4, to: &out)
        return out
    }

    static func decode(_ bytes: [UInt8]) -> Saved? {
        guard bytes.count >= 40, Array(bytes[0..<8]) == magic else { return nil }
        let columns = Int(read(bytes, 24, 4))
        guard columns >= 2, columns <= 32_768, bytes.count == 36 + columns * 16 + 4,
            UInt32(read(bytes, bytes.count - 4, 4)) == CRC32.of(bytes[0..<(bytes.count - 4)])
        else { return nil }
        let columnMilliseconds = Int64(bitPattern: read(bytes, 28, 8))
        guard columnMilliseconds >= 1 else { return nil }
        var byAge: [ChartColumn] = []
        for i in 0..<columns {
            let at = 36 + i * 16
            let c = ChartColumn(
                low: Float(bitPattern: UInt32(read(bytes, at, 4))), high: Float(bitPattern: UInt32(read(bytes, at + 4, 4))),
                mean: Float(bitPattern: UInt32(read(bytes, at + 8, 4))), count: UInt32(read(bytes, at + 12, 4)))
            // A column the panel could not have written is refused as a whole file is.
            guard c.count == 0 || (c.low.isFinite && c.high.isFinite && c.mean.isFinite && c.low <= c.high) else { return nil }
            byAge.append(c)
        }
        return Saved(
            sequence: read(bytes, 8, 8), savedMilliseconds: Int64(bitPattern: read(bytes, 16, 8)),
            shape: ChartHistory.Shape(columns: Int32(columns), columnMilliseconds: columnMilliseconds), columnsByAge: byAge)
    }

    private static func append(_ v: UInt64, _ count: Int, to out: inout [UInt8]) {
        for i in 0..<count { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) }
    }

    private static func read(_ b: [UInt8], _ at: Int, _ count: Int) -> UInt64 {
        var v: UInt64 = 0
        for i in 0..<count { v |= UInt64(b[at + i]) << (8 * UInt64(i)) }
        return v
    }
}
