import GaugeSensors

extension DBCFile {
    /// `gaugepanel can-signals`: each message (id, name, length, cycle) and under it each
    /// signal as a channel's `source` names it, with its unit, range and value table.
    ///
    ///     0x5E8 ENGINE: 8 bytes, every 50 ms
    ///       ENGINE.RPM  rpm  0…16000
    public var signalListing: [String] {
        var out: [String] = []
        for m in messages {
            var head =
                "0x" + hexString(UInt64(m.id)) + (m.isExtended ? " (29-bit) " : " ") + m.name + ": "
                + String(m.length) + " bytes"
            if let ms = m.cycleTimeMilliseconds { head += ", every " + String(ms) + " ms" }
            if m.multiplexer != nil { head += ", multiplexed" }
            out.append(head)
            let names = m.signals.map { m.name + "." + $0.name }
            let width = names.reduce(0) { max($0, $1.utf8.count) }
            let unitWidth = m.signals.reduce(0) { max($0, $1.unit.utf8.count) }
            for (s, name) in zip(m.signals, names) {
                var line = "  " + pad(name, width) + "  " + pad(s.unit, unitWidth) + "  " + number(s.minimum) + "…" + number(s.maximum)
                switch s.multiplex {
                case .none: break
                case .multiplexer: line += "  (multiplexer)"
                case .multiplexed(let v): line += "  (when the multiplexer is " + String(v) + ")"
                }
                if !s.valueNames.isEmpty {
                    line += "  values: " + s.valueNames.map { String($0.value) + " " + $0.text }.joined(separator: ", ")
                }
                if s.sensorUnit == .none && !s.unit.isEmpty { line += "  (unit not known to the panel: taken as the channel's)" }
                out.append(line)
            }
        }
        return out
    }

    private func pad(_ s: String, _ width: Int) -> String {
        var t = s
        for _ in 0..<max(0, width - s.utf8.count) { t += " " }
        return t
    }

    /// Integers without ".0", others as Swift prints them.
    private func number(_ v: Double) -> String {
        if v.isFinite, v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }
}
