import GaugeDecoders

extension TunerStudioDriver {
    /// Consumes what the ECU sent; a whole answer may emit samples.
    public mutating func feed<C: Collection>(_ bytes: C, now: UInt64, into sink: (Sample) -> Void) where C.Element == UInt8 {
        statistics.bytes &+= UInt64(bytes.count)
        if staleAll {
            staleAll = false
            for i in decoder.wanted { sink(Sample.noValue(name: definition.channels[i].name)) }
        }
        guard let what = pending else {
            statistics.unsolicited &+= UInt64(bytes.count)
            return
        }
        switch assembler.add(bytes) {
        case .incomplete: return
        case .complete(let data):
            pending = nil
            if case .probe = what { signature(data, now: now) } else { block(data, now: now, sink) }
        case .status, .garbled:
            pending = nil
            statistics.garbled &+= 1
            quietUntil = now &+ configuration.settle
            if case .probe(let step) = what { probeStep = step + 1 }
        }
    }

    /// The signature answer: the framing that carried it is the ECU's.
    mutating func signature(_ data: [UInt8], now: UInt64) {
        let said = ECUText.signature(data)
        let framing = assembler.framing
        answered()
        guard said == definition.signature else {
            notices.append(
                "the ECU says it is \"\(said)\" but the INI is for \"\(definition.signature)\": use the INI that came with this firmware (its channels' places differ); asked again every \(configuration.mismatchRetry / Nanoseconds.perSecond) s"
            )
            statistics.mismatches &+= 1
            quietUntil = now &+ configuration.mismatchRetry
            return
        }
        self.framing = framing
        timeouts = 0
        nextPoll = now
        notices.append(
            "ECU \"\(said)\" answers in the \(framing.name) framing; reading bytes \(decoder.range.lowerBound)…\(max(decoder.range.upperBound, 1) - 1) of its \(definition.blockSize)-byte realtime block"
        )
    }

    private mutating func block(_ data: [UInt8], now: UInt64, _ sink: (Sample) -> Void) {
        answered()
        timeouts = 0
        if statistics.blocks == 0 { statistics.firstBlock = now }
        statistics.blocks &+= 1
        statistics.lastBlock = now
        decoder.decode(data[...], into: sink)
    }

    private mutating func answered() {
        answeredOnce = true
        if silent {
            silent = false
            notices.append("the ECU answers again")
        }
    }

    /// `crc32, 9.8 blocks/s, 2 timeouts`.
    public var summary: String {
        var parts = [framing?.name ?? "no answer"]
        let s = statistics
        if s.blocks > 1, s.lastBlock > s.firstBlock {
            let perSecond = Double(s.blocks - 1) * 1e9 / Double(s.lastBlock - s.firstBlock)
            parts.append("\(ECUText.decimal(perSecond)) blocks/s (\(ECUText.decimal(perSecond * Double(decoder.wanted.count))) samples/s)")
        }
        if s.timeouts > 0 { parts.append("\(s.timeouts) timeouts") }
        if s.garbled > 0 { parts.append("\(s.garbled) garbled") }
        if s.mismatches > 0 { parts.append("signature mismatch") }
        return parts.joined(separator: ", ")
    }
}

extension TunerStudioDriver: StreamProtocol {
    public mutating func receive(_ bytes: [UInt8], now: UInt64, into sink: (Sample) -> Void) {
        feed(bytes, now: now, into: sink)
    }
    public mutating func outgoing(now: UInt64) -> [UInt8]? { nextCommand(now: now) }
    public var deadline: UInt64? { nextDeadline }
    public mutating func connectionReset() { restart() }
    public var droppedCount: UInt64 { statistics.garbled &+ statistics.timeouts }
    public static var kindName: String? { nil }
    public var summaryDetail: String { summary }
}

/// Text from an ECU's bytes, for logs.
enum ECUText {
    /// A signature as compared: up to the first NUL, trailing spaces dropped.
    static func signature(_ data: [UInt8]) -> String {
        var s = printable(Array(data.prefix { $0 != 0 }))
        while s.last == " " { s.removeLast() }
        return s
    }

    static func printable(_ bytes: [UInt8]) -> String {
        var s = ""
        for b in bytes {
            if b >= 32 && b < 127 {
                s.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                let (h, l) = Hex.encode(b)
                s += "\\x" + String(decoding: [h, l], as: UTF8.self)
            }
        }
        return s
    }

    /// One decimal place.
    static func decimal(_ x: Double) -> String {
        guard x.isFinite, x < 1e9 else { return "?" }
        let tenths = Int64((x * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
