import GaugeRaster
import GaugeWidgets

/// Draws dashboards into a display's shadow surface: only what changed since the
/// dashboard drawn last (its damage), or everything with damage tracking off or after
/// `invalidate()` (a mode change, a regained DRM master). A chart that moved on shifts its
/// plot's pixels first (`Dashboard.scrollingDamage`) and draws only what still differs.
/// Either way the surface ends up byte-identical; the returned region is what the display
/// must send (what was drawn and what moved).
public struct FrameComposer {
    public var tracksDamage: Bool
    private var lastDrawn: Dashboard?
    /// Pixels redrawn over all frames (the damage area), for statistics.
    public private(set) var pixelsDrawn: Int64 = 0
    public private(set) var frames: Int64 = 0
    /// The ticks' coverage, kept for every frame drawn on this composer's surface.
    public let shapes = ShapeCache()

    public init(tracksDamage: Bool = true) { self.tracksDamage = tracksDamage }

    /// Forget what is on the surface: the next frame draws everything.
    public mutating func invalidate() { lastDrawn = nil }

    public mutating func draw<S: FontSet>(_ dashboard: Dashboard, on surface: Surface, fonts: S) -> Region {
        let canvas = Canvas(surface).caching(shapes)
        let damage: Region
        var moved = Region()
        if tracksDamage, let last = lastDrawn, surface.width == dashboard.width, surface.height == dashboard.height {
            // A chart that moved on scrolls its pixels, then draws only what still differs.
            let (scrolls, left) = dashboard.scrollingDamage(from: last, fonts: fonts)
            for s in scrolls {
                surface.shiftLeft(s.rect, by: s.dx)
                moved.formUnion(s.rect)
            }
            damage = left
            dashboard.draw(damage, on: canvas, fonts: fonts)
        } else {
            damage = Region(surface.bounds)
            dashboard.draw(on: canvas, fonts: fonts)  // it clears the surface first
        }
        lastDrawn = dashboard
        frames += 1
        pixelsDrawn += damage.intersection(surface.bounds).area
        // The display sends what was drawn and what moved.
        moved.formUnion(damage)
        return moved.intersection(surface.bounds)
    }
}
