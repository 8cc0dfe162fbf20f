/// NMEA 0183 decoder: `$`/`!` start, 5-character address (talker + type), comma
/// fields, optional `*hh` XOR checksum (validated when present), CR LF, 82 bytes max.
///
/// Handles DPT, DBT, MTW, MWV, VHW, VLW, HDG, HDM, HDT, RMC, RPM, XDR (any talker);
/// see `NMEASentences.swift` for the channel names and units each one produces.
/// Other well-formed sentences (AIS `!AIVDM`, proprietary `$P...`) are counted as
/// unknown. Empty fields mean "no value" and produce no sample.
public struct NMEADecoder: ByteDecoder, Sendable {
    /// Bytes from `$` up to (excluding) CR LF: 82 − 2.
    public static let maxSentenceLength = 80
    public var requireChecksum: Bool
    public private(set) var statistics = DecoderStatistics()
    private var line: [UInt8] = []
    private var starts: [Int] = []
    private var inSentence = false
    private var discarding = false

    public init(requireChecksum: Bool = false) {
        self.requireChecksum = requireChecksum
        line.reserveCapacity(Self.maxSentenceLength + 1)
        starts.reserveCapacity(Self.maxSentenceLength + 2)
    }

    public mutating func resetFraming() {
        line.removeAll(keepingCapacity: true)
        inSentence = false
        discarding = false
    }

    public mutating func feed<C: Collection>(_ bytes: C, into sink: (Sample) -> Void) where C.Element == UInt8 {
        for b in bytes {
            statistics.bytes &+= 1
            switch b {
            case ASCII.dollar, ASCII.bang:
                // A new start inside a sentence: the previous one was cut off.
                if inSentence { statistics.unparsable &+= 1 }
                line.removeAll(keepingCapacity: true)
                line.append(b)
                inSentence = true
                discarding = false
            case ASCII.cr, ASCII.lf:
                if inSentence { completeSentence(sink) }
                inSentence = false
                discarding = false
                line.removeAll(keepingCapacity: true)
            default:
                if inSentence {
                    if line.count >= Self.maxSentenceLength {
                        statistics.overlong &+= 1
                        inSentence = false
                        discarding = true
                        line.removeAll(keepingCapacity: true)
                    } else {
                        line.append(b)
                    }
                } else if !discarding {
                    statistics.framingBytes &+= 1
                }
            }
        }
    }

    private mutating func completeSentence(_ sink: (Sample) -> Void) {
        var local: [UInt8] = []
        swap(&local, &line)
        defer { swap(&local, &line) }
        local.withUnsafeBytes { b in process(b, sink) }
    }

    private mutating func process(_ b: UnsafeRawBufferPointer, _ sink: (Sample) -> Void) {
        // b[0] is '$' or '!'; the checksum covers b[1..<'*'].
        guard let checked = verifyOptionalChecksum(b, 1, b.count, required: requireChecksum),
            let payloadEnd = checked
        else {
            statistics.badChecksum &+= 1
            return
        }
        starts.removeAll(keepingCapacity: true)
        starts.append(1)
        var i = 1
        while i < payloadEnd {
            if b[i] == ASCII.comma { starts.append(i + 1) }
            i += 1
        }
        starts.append(payloadEnd + 1)
        let fieldCount = starts.count - 1
        // Address: 5 characters (talker + type); proprietary P-sentences are longer.
        let addressLength = starts[1] - 1 - starts[0]
        guard addressLength >= 2 else {
            statistics.unparsable &+= 1
            return
        }
        var emitted: UInt64 = 0
        let outcome: NMEAOutcome = starts.withUnsafeBufferPointer { (s: UnsafeBufferPointer<Int>) -> NMEAOutcome in
            let f = NMEAFields(bytes: b, starts: s, count: fieldCount)
            if b[0] != ASCII.dollar || addressLength != 5 || b[1] == UInt8(ascii: "P") {
                return .unknown
            }
            return NMEASentences.decodeCatching(b[3], b[4], b[5], f) { s in
                emitted &+= 1
                sink(s)
            }
        }
        switch outcome {
        case .accepted:
            statistics.accepted &+= 1
            statistics.samples &+= emitted
        case .unknown: statistics.unknownSentence &+= 1
        case .invalidStatus: statistics.invalidStatus &+= 1
        case .unparsable: statistics.unparsable &+= 1
        }
    }
}

enum NMEAOutcome {
    case accepted, unknown, invalidStatus, unparsable
}
