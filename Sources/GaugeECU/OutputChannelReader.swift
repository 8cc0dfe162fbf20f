import GaugeSensors

extension ECUDefinition {
    /// `[OutputChannels]`'s entries → channels. Names are known before any expression is
    /// compiled: an expression may read a channel defined below it.
    mutating func readChannels(_ entries: [(name: String, value: ArraySlice<UInt8>, line: Int)]) throws(INIError) {
        let names = entries.map { $0.name }
        channels = []
        channels.reserveCapacity(entries.count)
        for e in entries {
            channels.append(try readChannel(e.name, e.value, line: e.line, names: names))
        }
        markUnreadable()
    }

    private func readChannel(
        _ name: String, _ value: ArraySlice<UInt8>, line: Int,
        names: [String]
    ) throws(INIError) -> OutputChannel {
        let f = INIText.fields(value)
        if let expression = INIText.braced(f[0]) {
            let units = f.count > 1 ? INIText.string(INIText.unquoted(f[1])) : ""
            do {
                let e = try ECUExpression.compile(expression, names: names)
                return OutputChannel(name: name, kind: .computed(e), units: units, line: line)
            } catch {
                return OutputChannel(name: name, kind: .unsupported(reason: "its expression \(error.message)"), units: units, line: line)
            }
        }
        switch INIText.string(f[0]) {
        case "scalar": return try scalar(name, f, line: line)
        case "bits": return try bits(name, f, line: line)
        case let other:
            return OutputChannel(
                name: name, kind: .unsupported(reason: "it is a \(other) entry, not a scalar, bits or expression"),
                units: "", line: line)
        }
    }

    private func scalar(_ name: String, _ f: [ArraySlice<UInt8>], line: Int) throws(INIError) -> OutputChannel {
        guard f.count >= 4 else { throw INIError(line: line, "\(name): expected scalar, TYPE, offset, \"units\"[, scale, translate]") }
        let type = try valueType(f[1], name, line: line)
        let offset = try Self.integer(f[2], 0...65535, "\(name)'s offset", line: line)
        let units = INIText.braced(f[3]) == nil ? INIText.string(INIText.unquoted(f[3])) : ""
        var scale = 1.0
        var translate = 0.0
        for (k, field) in f.dropFirst(4).prefix(2).enumerated() {
            guard INIText.braced(field) == nil else {
                return OutputChannel(
                    name: name, kind: .unsupported(reason: "its \(k == 0 ? "scale" : "translate") is an expression of the tune"),
                    units: units, line: line)
            }
            let v = try Self.number(field, "\(name)'s \(k == 0 ? "scale" : "translate")", line: line)
            if k == 0 { scale = v } else { translate = v }
        }
        return OutputChannel(name: name, kind: .scalar(type: type, offset: offset, scale: scale, translate: translate), units: units, line: line)
    }

    private func bits(_ name: String, _ f: [ArraySlice<UInt8>], line: Int) throws(INIError) -> OutputChannel {
        guard f.count >= 4 else { throw INIError(line: line, "\(name): expected bits, TYPE, offset, [low:high]") }
        let type = try valueType(f[1], name, line: line)
        let offset = try Self.integer(f[2], 0...65535, "\(name)'s offset", line: line)
        let range = f[3]
        guard range.first == UInt8(ascii: "["), range.last == UInt8(ascii: "]"),
            let colon = range.firstIndex(of: UInt8(ascii: ":"))
        else {
            throw INIError(line: line, "\(name): expected a bit range like [0:3], got \"\(INIText.string(range))\"")
        }
        let maxBit = type.size * 8 - 1
        let low = try Self.integer(INIText.trim(range[(range.startIndex + 1)..<colon]), 0...maxBit, "\(name)'s low bit", line: line)
        let high = try Self.integer(INIText.trim(range[(colon + 1)..<(range.endIndex - 1)]), low...maxBit, "\(name)'s high bit", line: line)
        return OutputChannel(name: name, kind: .bits(type: type, offset: offset, low: UInt8(low), high: UInt8(high)), units: "", line: line)
    }

    private func valueType(_ field: ArraySlice<UInt8>, _ name: String, line: Int) throws(INIError) -> ValueType {
        guard let t = ValueType(INIText.string(field)) else {
            throw INIError(line: line, "\(name): unknown type \"\(INIText.string(field))\" (expected U08, S08, U16, S16, U32, S32 or F32)")
        }
        return t
    }

    /// Channels past the end of the block, and expressions over unsupported channels (or
    /// over themselves), become unsupported with the reason.
    private mutating func markUnreadable() {
        for i in channels.indices {
            if let r = channels[i].byteRange, r.upperBound > blockSize {
                channels[i].kind = .unsupported(reason: "it lies at bytes \(r.lowerBound)…\(r.upperBound - 1), past ochBlockSize \(blockSize)")
            }
        }
        // Each pass settles one more level of expressions over expressions.
        var changed = true
        var passes = 0
        while changed && passes < 64 {
            changed = false
            passes += 1
            for i in channels.indices {
                guard case .computed(let e) = channels[i].kind else { continue }
                if let bad = e.channelsRead.first(where: { isUnsupported($0) || $0 == i }) {
                    let why = bad == i ? "reads itself" : "reads \(channels[bad].name), which is not supported"
                    channels[i].kind = .unsupported(reason: "its expression \(why)")
                    changed = true
                }
            }
        }
    }

    private func isUnsupported(_ i: Int) -> Bool {
        if case .unsupported = channels[i].kind { return true }
        return false
    }
}
