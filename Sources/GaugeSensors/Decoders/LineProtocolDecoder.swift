/// Decoder for the microcontroller line protocol (see docs/line-protocol.md):
///
///     rpm=2450 coolant=87.5,oil.pressure=3.2*5C\r\n
///
/// One sample set per line (LF or CRLF), `name=value` pairs separated by spaces,
/// tabs or commas, an optional `*XX` XOR checksum over the bytes before `*`.
/// A line with any malformed pair is dropped whole: on a noisy link one bad pair
/// suggests the others are damaged too. Lines longer than `maxLineLength` bytes are
/// dropped whole, up to the next newline.
public struct LineProtocolDecoder: ByteDecoder, Sendable {
    public let maxLineLength: Int
    public let maxNameLength: Int
    /// Refuse lines without a checksum (for links known to be noisy).
    public var requireChecksum: Bool
    public private(set) var statistics = DecoderStatistics()
    private var line: [UInt8] = []
    private var discarding = false

    public init(maxLineLength: Int = 256, maxNameLength: Int = 64, requireChecksum: Bool = false) {
        self.maxLineLength = max(maxLineLength, 8)
        self.maxNameLength = max(maxNameLength, 1)
        self.requireChecksum = requireChecksum
        line.reserveCapacity(self.maxLineLength + 1)
    }

    public mutating func resetFraming() {
        line.removeAll(keepingCapacity: true)
        discarding = false
    }

    public mutating func feed<C: Collection>(_ bytes: C, into sink: (Sample) -> Void) where C.Element == UInt8 {
        for b in bytes {
            statistics.bytes &+= 1
            if b == ASCII.lf {
                if discarding { discarding = false } else { completeLine(sink) }
                line.removeAll(keepingCapacity: true)
                continue
            }
            if discarding { continue }
            // One CR may follow a full-length line (CRLF endings).
            if line.count >= maxLineLength && !(b == ASCII.cr && line.count == maxLineLength) {
                statistics.overlong &+= 1
                discarding = true
                line.removeAll(keepingCapacity: true)
                continue
            }
            line.append(b)
        }
    }

    private mutating func completeLine(_ sink: (Sample) -> Void) {
        // Work on a local buffer so `self` can be mutated while it is read.
        var local: [UInt8] = []
        swap(&local, &line)
        defer { swap(&local, &line) }
        local.withUnsafeBytes { b in process(b, sink) }
    }

    private mutating func process(_ b: UnsafeRawBufferPointer, _ sink: (Sample) -> Void) {
        var end = b.count
        if end > 0 && b[end - 1] == ASCII.cr { end -= 1 }
        var start = 0
        while start < end && isSeparator(b[start]) { start += 1 }
        while end > start && (b[end - 1] == ASCII.space || b[end - 1] == ASCII.tab) { end -= 1 }
        if start == end {
            statistics.emptyLines &+= 1
            return
        }

        guard let checked = verifyOptionalChecksum(b, 0, end, required: requireChecksum),
            let payloadEnd = checked
        else {
            statistics.badChecksum &+= 1
            return
        }
        // Pass 1 validates every pair, pass 2 emits: a bad line emits nothing.
        var pairs = 0
        guard walkPairs(b, start, payloadEnd, emitting: false, sink, count: &pairs), pairs > 0 else {
            statistics.unparsable &+= 1
            return
        }
        _ = walkPairs(b, start, payloadEnd, emitting: true, sink, count: &pairs)
        statistics.accepted &+= 1
        statistics.samples &+= UInt64(pairs)
    }

    private func isSeparator(_ c: UInt8) -> Bool {
        c == ASCII.space || c == ASCII.comma || c == ASCII.tab
    }

    private func walkPairs(
        _ b: UnsafeRawBufferPointer, _ start: Int, _ end: Int,
        emitting: Bool, _ emit: (Sample) -> Void, count: inout Int
    ) -> Bool {
        count = 0
        var i = start
        while i < end {
            if isSeparator(b[i]) {
                i += 1
                continue
            }
            let nameStart = i
            while i < end && ASCII.isNameByte(b[i]) { i += 1 }
            let nameEnd = i
            guard nameEnd > nameStart, nameEnd - nameStart <= maxNameLength,
                i < end, b[i] == ASCII.equals
            else { return false }
            i += 1
            let valueStart = i
            while i < end && !isSeparator(b[i]) { i += 1 }
            guard let v = DecimalParser.parse(b, valueStart, i) else { return false }
            count += 1
            if emitting {
                let name = String(
                    decoding: UnsafeRawBufferPointer(rebasing: b[nameStart..<nameEnd]),
                    as: UTF8.self)
                emit(Sample(name: name, value: v, unit: .none))
            }
        }
        return true
    }
}
