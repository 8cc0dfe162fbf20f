/// What `gaugepanel ecu-channels` prints: the ECU's identity, then one line per output
/// channel a board's `source` can name, then the ones it cannot read and why.
extension ECUDefinition {
    public var channelListing: [String] {
        var out = [
            "signature \"\(signature)\", realtime block \(blockSize) bytes, \(prefersCRCFraming ? "CRC32" : "legacy") framing preferred, settings [\(settings.joined(separator: ", "))] (known: \(knownSettings.joined(separator: ", ")))"
        ]
        var unsupported: [String] = []
        for c in channels {
            let units = c.units.isEmpty ? "" : " \"\(c.units)\""
            switch c.kind {
            case .scalar(let t, let o, let scale, let translate):
                out.append(
                    "\(c.name): \(t.name) at \(o)\(units), ×\(ECUText.number(scale))\(translate == 0 ? "" : " after +\(ECUText.number(translate))")")
            case .bits(let t, let o, let low, let high):
                out.append("\(c.name): bits \(low)…\(high) of the \(t.name) at \(o)")
            case .computed:
                out.append("\(c.name): computed\(units) (line \(c.line))")
            case .unsupported(let reason):
                unsupported.append("  \(c.name) (line \(c.line)): \(reason)")
            }
        }
        if !unsupported.isEmpty {
            out.append("not readable (\(unsupported.count)):")
            out += unsupported
        }
        return out
    }
}

extension ValueType {
    public var name: String {
        switch self {
        case .u08: return "U08"
        case .s08: return "S08"
        case .u16: return "U16"
        case .s16: return "S16"
        case .u32: return "U32"
        case .s32: return "S32"
        case .f32: return "F32"
        }
    }
}

extension ECUText {
    /// A scale as written: up to six decimals, trailing zeros dropped.
    static func number(_ x: Double) -> String {
        guard x.isFinite, abs(x) < 1e12 else { return "?" }
        let negative = x < 0
        let micro = Int64((abs(x) * 1_000_000).rounded())
        var fraction = String(micro % 1_000_000)
        while fraction.count < 6 { fraction = "0" + fraction }
        while fraction.last == "0" { fraction.removeLast() }
        return (negative ? "-" : "") + String(micro / 1_000_000) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
