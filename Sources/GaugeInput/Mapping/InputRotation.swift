/// How far the picture is turned clockwise on the panel, as the display applies it
/// (GaugeDisplay's RotationAngle/DisplayRotation, mirrored here so GaugeInput stays
/// independent of the display module).
public enum InputRotation: Int, CaseIterable, Hashable, Sendable {
    case none = 0, quarter = 90, half = 180, threeQuarters = 270

    public init?(degrees: Int) {
        self.init(rawValue: degrees)
    }

    /// 90 and 270 swap width and height.
    public var swapsAxes: Bool { self == .quarter || self == .threeQuarters }

    /// The logical pixel (what the app draws) shown at physical pixel (x, y) of a
    /// `width`×`height` physical panel: the inverse of the display's logical → physical
    /// copy, with the same formulas as `DisplayRotation.logical(x:y:)`.
    public func logical(x: Int64, y: Int64, physicalWidth w: Int64, physicalHeight h: Int64) -> (x: Int64, y: Int64) {
        switch self {
        case .none: return (x, y)
        case .quarter: return (y, w - 1 - x)
        case .half: return (w - 1 - x, h - 1 - y)
        case .threeQuarters: return (h - 1 - y, x)
        }
    }
}
