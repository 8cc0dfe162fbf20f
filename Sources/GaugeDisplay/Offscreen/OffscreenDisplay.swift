import GaugeRaster

/// A framebuffer in memory: the display for tests, `gaugepanel render` and machines
/// without a screen. Drawing goes into `surface`; `present` records what changed;
/// `writePNG` / `writePPM` (GaugeImages) save what is on "screen". With a rotation, `surface` is the
/// logical (upright) picture and `physical` the `width`×`height` panel image, so a
/// saved file shows what the panel would show.
public final class OffscreenDisplay: Display {
    /// Where the app draws (logical size).
    public let surface: Surface
    /// What the panel shows (the constructor's size); the same memory as `surface`
    /// when not rotated.
    public let physical: Surface
    public let rotation: DisplayRotation
    public private(set) var statistics = DisplayStatistics()
    /// While "off" (`setPower`), what a snapshot shows: a dark panel.
    private var dark: Surface?

    /// A `width`×`height` panel (physical size); the logical surface is turned by `rotation`.
    public init(width: Int32, height: Int32, format: PixelFormat, rotation: RotationAngle = .none) throws(SurfaceError) {
        self.rotation = DisplayRotation(rotation, physicalWidth: width, physicalHeight: height)
        physical = try Surface(width: width, height: height, format: format)
        surface =
            rotation == .none
            ? physical
            : try Surface(width: self.rotation.logicalWidth, height: self.rotation.logicalHeight, format: format)
    }

    /// Shows the frame; `damage` is what changed since the last one (clipped to the
    /// screen). Nothing is copied: the surface is the screen.
    public func present<C: Collection>(damage: C) where C.Element == IntRect {
        if rotation.angle != .none {
            for r in damage { RotatedCopy.copy(r, from: surface, to: physical, rotation: rotation) }
        }
        statistics.record(damage: damage, in: surface.bounds)
    }

    @discardableResult
    public func present(damage: Region) throws(DisplayError) -> Bool {
        present(damage: damage.rectangles)
        return false
    }

    /// The panel's picture: physical orientation; black while it is off.
    public var snapshotSurface: Surface { dark ?? physical }

    /// Off: snapshots show a dark panel (all zero: black in either format) until on again.
    public func setPower(on: Bool) -> DisplayPower {
        dark = on ? nil : try? Surface(width: physical.width, height: physical.height, format: physical.format)
        return .done
    }

    public var summary: String { "offscreen \(physical.width)x\(physical.height) format=\(format.lowercaseName)" }
}
