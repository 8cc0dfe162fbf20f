/// Corrections for a touch panel mounted differently from its display: swap X/Y first
/// (on raw values), then use these ranges instead of the device's, then invert.
/// How a touchscreen's raw axes sit on the panel, as the kernel's touchscreen-* device
/// properties (and the Pi overlays' touch-swapxy/invx/invy) say it: each raw axis is
/// mirrored first (`invertX`/`invertY` name the device's axes), then the two are swapped.
public struct TouchCalibration: Hashable, Sendable {
    /// Raw values at the left/right and top/bottom panel edges (after swapping); nil
    /// means the device's absinfo range. min > max is allowed and mirrors the axis.
    public var minX: Int32?
    public var maxX: Int32?
    public var minY: Int32?
    public var maxY: Int32?
    public var swapAxes: Bool
    public var invertX: Bool
    public var invertY: Bool

    public init(
        minX: Int32? = nil, maxX: Int32? = nil, minY: Int32? = nil, maxY: Int32? = nil,
        swapAxes: Bool = false, invertX: Bool = false, invertY: Bool = false
    ) {
        self.minX = minX
        self.maxX = maxX
        self.minY = minY
        self.maxY = maxY
        self.swapAxes = swapAxes
        self.invertX = invertX
        self.invertY = invertY
    }

    public static let identity = TouchCalibration()
}

/// Raw touch coordinates → logical panel pixels (the coordinates the app draws in).
/// Raw axes are scaled onto the physical panel (`physicalWidth`×`physicalHeight`, the
/// display's scan-out orientation), then turned by `rotation` like the renderer's copy.
public struct TouchMapping: Hashable, Sendable {
    public var rawX: AxisRange
    public var rawY: AxisRange
    public var calibration: TouchCalibration
    public let physicalWidth: Int32
    public let physicalHeight: Int32
    public var rotation: InputRotation

    /// Panel sizes are clamped to 1…32767 so the scaling products stay far inside Int64.
    public init(
        rawX: AxisRange, rawY: AxisRange, physicalWidth: Int32, physicalHeight: Int32,
        rotation: InputRotation = .none, calibration: TouchCalibration = .identity
    ) {
        self.rawX = rawX
        self.rawY = rawY
        self.physicalWidth = min(max(physicalWidth, 1), 32767)
        self.physicalHeight = min(max(physicalHeight, 1), 32767)
        self.rotation = rotation
        self.calibration = calibration
    }

    public var logicalWidth: Int32 { rotation.swapsAxes ? physicalHeight : physicalWidth }
    public var logicalHeight: Int32 { rotation.swapsAxes ? physicalWidth : physicalHeight }

    /// The logical pixel a raw (x, y) touches, always inside the logical surface.
    public func map(x rx: Int32, y ry: Int32) -> (x: Int32, y: Int32) {
        let c = calibration
        let (vx, vy) = c.swapAxes ? (ry, rx) : (rx, ry)
        let (rangeX, rangeY) = c.swapAxes ? (rawY, rawX) : (rawX, rawY)
        var px = Self.scale(vx, from: c.minX ?? rangeX.minimum, to: c.maxX ?? rangeX.maximum, size: physicalWidth)
        var py = Self.scale(vy, from: c.minY ?? rangeY.minimum, to: c.maxY ?? rangeY.maximum, size: physicalHeight)
        // As the kernel's touchscreen-inverted-x/y and the Pi overlays' touch-invx/invy:
        // an axis is mirrored in the device's own terms, before the swap — so with the
        // axes swapped, inverting the device's x mirrors the panel's y.
        if c.swapAxes ? c.invertY : c.invertX { px = Int64(physicalWidth) - 1 - px }
        if c.swapAxes ? c.invertX : c.invertY { py = Int64(physicalHeight) - 1 - py }
        let l = rotation.logical(x: px, y: py, physicalWidth: Int64(physicalWidth), physicalHeight: Int64(physicalHeight))
        // Every step stays in 0..<size, so these conversions cannot trap.
        return (Int32(l.x), Int32(l.y))
    }

    public func map(_ p: TouchPoint) -> TouchPoint {
        let m = map(x: p.x, y: p.y)
        return TouchPoint(id: p.id, x: m.x, y: m.y)
    }

    public func map(_ frame: TouchFrame) -> TouchFrame {
        TouchFrame(time: frame.time, points: frame.points.map(map))
    }

    /// `value` in [from, to] → pixel 0...size-1, rounded, clamped. A zero-width range has
    /// no information: it maps to the middle of the axis.
    static func scale(_ value: Int32, from: Int32, to: Int32, size: Int32) -> Int64 {
        var t = Int64(value) - Int64(from)
        var d = Int64(to) - Int64(from)
        let last = Int64(size) - 1
        if d == 0 { return last / 2 }
        if d < 0 {
            t = -t
            d = -d
        }
        t = min(max(t, 0), d)
        return (t * last + d / 2) / d
    }
}

extension TouchMapping {
    /// A mapping from a touchscreen's own axis ranges; nil if it reports none.
    public init?(
        capabilities: DeviceCapabilities, physicalWidth: Int32, physicalHeight: Int32,
        rotation: InputRotation = .none, calibration: TouchCalibration = .identity
    ) {
        guard let ranges = capabilities.touchRanges else { return nil }
        self.init(
            rawX: ranges.x, rawY: ranges.y, physicalWidth: physicalWidth, physicalHeight: physicalHeight,
            rotation: rotation, calibration: calibration)
    }
}
