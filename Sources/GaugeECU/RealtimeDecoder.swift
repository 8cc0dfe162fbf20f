import GaugeSensors

/// Turns a realtime block (or the slice of it that was asked for) into samples for the
/// channels a board reads, at the INI's names and units. A class: the driver and the
/// expressions' closures share one, where copying the INI's arrays per block would cost
/// more than the decoding.
public final class RealtimeDecoder: Sendable {
    public let definition: ECUDefinition
    /// The channels whose samples are wanted.
    public let wanted: [Int]
    /// The bytes those channels and the channels their expressions read need.
    public let range: Range<Int>

    /// `names`: the channels to emit (every supported one when empty). Unknown or
    /// unsupported names are left out; `ECUChannelCheck` says why.
    public init(definition: ECUDefinition, names: [String]) {
        self.definition = definition
        let chosen = names.isEmpty ? Array(definition.channels.indices) : names.compactMap { definition.index(of: $0) }
        wanted = chosen.filter { i in
            if case .unsupported = definition.channels[i].kind { return false }
            return true
        }
        range = Self.bytesNeeded(definition, wanted)
    }

    static func bytesNeeded(_ d: ECUDefinition, _ wanted: [Int]) -> Range<Int> {
        var low = Int.max
        var high = 0
        var seen = [Bool](repeating: false, count: d.channels.count)
        var queue = wanted
        while let i = queue.popLast() {
            guard !seen[i] else { continue }
            seen[i] = true
            if let r = d.channels[i].byteRange {
                low = min(low, r.lowerBound)
                high = max(high, r.upperBound)
            }
            if case .computed(let e) = d.channels[i].kind { queue += e.channelsRead }
        }
        return low < high ? low..<high : 0..<0
    }

    /// Samples from `bytes`, the block's bytes from `range.lowerBound` on (a short answer
    /// yields nothing: the caller counts it).
    public func decode(_ bytes: ArraySlice<UInt8>, into sink: (Sample) -> Void) {
        guard bytes.count >= range.count else { return }
        var cache = [Double](repeating: .nan, count: definition.channels.count)
        var done = [Bool](repeating: false, count: definition.channels.count)
        for i in wanted {
            let c = definition.channels[i]
            sink(Sample(name: c.name, value: value(i, bytes, &cache, &done, depth: 0), unit: c.unit))
        }
    }

    private func value(_ i: Int, _ bytes: ArraySlice<UInt8>, _ cache: inout [Double], _ done: inout [Bool], depth: Int) -> Double {
        if done[i] { return cache[i] }
        // Expressions reading each other in a ring have no value.
        guard depth < 32 else { return .nan }
        let v: Double
        switch definition.channels[i].kind {
        case .scalar(let t, let o, let scale, let translate):
            v = (t.read(bytes, at: o - range.lowerBound, bigEndian: definition.bigEndian) + translate) * scale
        case .bits(let t, let o, let low, let high):
            let raw = UInt64(t.bits(bytes, at: o - range.lowerBound, bigEndian: definition.bigEndian))
            let width = UInt64(high - low + 1)
            v = Double((raw >> UInt64(low)) & ((1 << width) - 1))
        case .computed(let e):
            v = e.evaluate { value($0, bytes, &cache, &done, depth: depth + 1) }
        case .unsupported:
            v = .nan
        }
        cache[i] = v
        done[i] = true
        return v
    }
}
