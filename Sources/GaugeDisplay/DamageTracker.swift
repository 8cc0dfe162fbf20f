import GaugeRaster

/// Copies damage from a shadow surface into scan-out memory, and remembers, for each of
/// several scan-out buffers, the damage it has not received yet.
public struct DamageTracker: Sendable, Equatable {
    /// Damage each buffer still lacks, by buffer index.
    public private(set) var pending: [Region]
    public let bounds: IntRect

    /// `bufferCount` buffers that all start out needing the whole screen.
    public init(bufferCount: Int, bounds: IntRect) {
        self.bounds = bounds
        pending = Array(repeating: Region(bounds), count: bufferCount)
    }

    /// Records a frame's damage for every buffer.
    public mutating func add(_ damage: Region) {
        let d = damage.intersection(bounds)
        guard !d.isEmpty else { return }
        for i in pending.indices { pending[i].formUnion(d) }
    }

    /// What buffer `index` needs now (all damage since it was last brought up to date),
    /// and forgets it: the caller copies exactly this.
    public mutating func take(buffer index: Int) -> Region {
        let r = pending[index]
        pending[index] = Region()
        return r
    }

    /// Copies the pixels of `region` from `shadow` into `target` (same size and format):
    /// them, a slanted rectangle row by row (`Region.forEachRectangleToCopy`). Only writes
    /// `target`; never reads it.
    public static func copy(_ region: Region, from shadow: Surface, to target: Surface) {
        region.forEachRectangleToCopy { r in target.copyPixels(from: shadow, in: r) }
    }
}
