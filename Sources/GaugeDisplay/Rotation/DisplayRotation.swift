import GaugeRaster

/// How far the picture is turned clockwise on the panel. The app always draws upright
/// into a logical surface; the display turns it while copying damage to scan-out memory
/// (vc4 and most panels can only do 0/180 in hardware, if at all).
public enum RotationAngle: Int32, CaseIterable, Sendable {
    case none = 0, quarter = 90, half = 180, threeQuarters = 270

    public init?(degrees: Int) {
        guard let a = RotationAngle(rawValue: Int32(truncatingIfNeeded: degrees)), Int32(truncatingIfNeeded: degrees) == degrees else { return nil }
        self = a
    }

    /// 90 and 270 swap width and height.
    public var swapsAxes: Bool { self == .quarter || self == .threeQuarters }
}

/// The mapping between the logical surface (what the app draws, upright) and the physical
/// scan-out buffer of `physicalWidth`×`physicalHeight`. Points are pixel indices; rects
/// are half-open, so a rect maps to the rect that holds exactly its pixels.
public struct DisplayRotation: Hashable, Sendable {
    public let angle: RotationAngle
    public let physicalWidth: Int32
    public let physicalHeight: Int32

    public init(_ angle: RotationAngle, physicalWidth: Int32, physicalHeight: Int32) {
        self.angle = angle
        self.physicalWidth = physicalWidth
        self.physicalHeight = physicalHeight
    }

    public var logicalWidth: Int32 { angle.swapsAxes ? physicalHeight : physicalWidth }
    public var logicalHeight: Int32 { angle.swapsAxes ? physicalWidth : physicalHeight }
    public var logicalBounds: IntRect { IntRect(x0: 0, y0: 0, x1: logicalWidth, y1: logicalHeight) }
    public var physicalBounds: IntRect { IntRect(x0: 0, y0: 0, x1: physicalWidth, y1: physicalHeight) }

    /// The physical pixel that shows logical pixel (x, y).
    @inlinable public func physical(x: Int32, y: Int32) -> (x: Int32, y: Int32) {
        switch angle {
        case .none: return (x, y)
        case .quarter: return (physicalWidth - 1 - y, x)
        case .half: return (physicalWidth - 1 - x, physicalHeight - 1 - y)
        case .threeQuarters: return (y, physicalHeight - 1 - x)
        }
    }

    /// The logical pixel shown at physical pixel (x, y): touch input goes this way.
    @inlinable public func logical(x: Int32, y: Int32) -> (x: Int32, y: Int32) {
        switch angle {
        case .none: return (x, y)
        case .quarter: return (y, physicalWidth - 1 - x)
        case .half: return (physicalWidth - 1 - x, physicalHeight - 1 - y)
        case .threeQuarters: return (physicalHeight - 1 - y, x)
        }
    }

    /// The physical rect holding exactly the pixels of logical rect `r`.
    public func physical(_ r: IntRect) -> IntRect {
        guard !r.isEmpty else { return .empty }
        switch angle {
        case .none: return r
        case .quarter: return IntRect(x0: physicalWidth - r.y1, y0: r.x0, x1: physicalWidth - r.y0, y1: r.x1)
        case .half: return IntRect(x0: physicalWidth - r.x1, y0: physicalHeight - r.y1, x1: physicalWidth - r.x0, y1: physicalHeight - r.y0)
        case .threeQuarters: return IntRect(x0: r.y0, y0: physicalHeight - r.x1, x1: r.y1, y1: physicalHeight - r.x0)
        }
    }

    /// The logical rect holding exactly the pixels of physical rect `r`.
    public func logical(_ r: IntRect) -> IntRect {
        guard !r.isEmpty else { return .empty }
        switch angle {
        case .none: return r
        case .quarter: return IntRect(x0: r.y0, y0: physicalWidth - r.x1, x1: r.y1, y1: physicalWidth - r.x0)
        case .half: return IntRect(x0: physicalWidth - r.x1, y0: physicalHeight - r.y1, x1: physicalWidth - r.x0, y1: physicalHeight - r.y0)
        case .threeQuarters: return IntRect(x0: physicalHeight - r.y1, y0: r.x0, x1: physicalHeight - r.y0, y1: r.x1)
        }
    }
}
