import GaugeRaster

/// The sun's elevation above the horizon (degrees, −90…90, refraction left out) at a
/// place and a time, after the Astronomical Almanac's low-precision formulas (good to
/// about 0.02° until 2100). Trigonometry is the renderer's fixed-point `Trig` (no libm,
/// the same bits on every CPU; 0.0055° steps), the rest plain IEEE arithmetic.
public enum SolarPosition {
    /// Where the sun's upper limb touches the horizon, refraction included: sunrise and sunset.
    public static let horizon = -0.833
    /// Below this, civil twilight is over: night.
    public static let civilTwilight = -6.0

    /// Elevation in degrees at `unixSeconds` (since 1970, UTC) seen from `latitude`,
    /// `longitude` (degrees, east positive); NaN for a place or time out of range.
    public static func elevation(latitude: Double, longitude: Double, unixSeconds: Double) -> Double {
        guard latitude.isFinite, longitude.isFinite, unixSeconds.isFinite,
            abs(latitude) <= 90, abs(longitude) <= 360, abs(unixSeconds) < 1e11
        else { return .nan }
        let d = unixSeconds / 86_400 - 10_957.5  // days since 2000-01-01 12:00 UTC (J2000.0)
        let meanAnomaly = angle(357.529 + 0.985_600_28 * d)
        let meanLongitude = 280.459 + 0.985_647_36 * d
        let eclipticLongitude = angle(
            meanLongitude + 1.915 * q16(Trig.sin(meanAnomaly)) + 0.020 * q16(Trig.sin(meanAnomaly + meanAnomaly)))
        let obliquity = angle(23.439 - 0.000_000_36 * d)

        let sinL = Int64(Trig.sin(eclipticLongitude)), cosL = Int64(Trig.cos(eclipticLongitude))
        let sinE = Int64(Trig.sin(obliquity)), cosE = Int64(Trig.cos(obliquity))
        let rightAscension = Trig.atan2(Int32((cosE * sinL) >> 16), Int32(cosL)).degrees
        let sinDeclination = (sinE * sinL) >> 16
        let cosDeclination = Int64(root(Int64(Trig.one) * Int64(Trig.one) - sinDeclination * sinDeclination))

        let siderealDegrees = 280.460_618_37 + 360.985_647_366_29 * d  // Greenwich mean sidereal time
        let hourAngle = angle(siderealDegrees + longitude - rightAscension)
        let place = angle(latitude)
        let sinPhi = Int64(Trig.sin(place)), cosPhi = Int64(Trig.cos(place))
        let sinElevation = (sinPhi * sinDeclination + ((cosPhi * cosDeclination) >> 16) * Int64(Trig.cos(hourAngle))) >> 16
        return arcsine(sinElevation)
    }

    /// Degrees of any size as a fixed-point angle within one turn (no fmod: libm's).
    static func angle(_ degrees: Double) -> Angle {
        let turns = Double(Int64(degrees / 360))
        var within = degrees - turns * 360
        if within < 0 { within += 360 }
        return Angle(degrees: within).normalized
    }

    private static func q16(_ v: Int32) -> Double { Double(v) / Double(Trig.one) }

    /// √v for v ≥ 0, rounded down (IEEE square root: exact in every bit, no libm).
    private static func root(_ v: Int64) -> Int32 { Int32(Double(max(v, 0)).squareRoot()) }

    /// arcsin of a Q16 sine, in degrees −90…90.
    private static func arcsine(_ s: Int64) -> Double {
        let sine = min(max(s, -Int64(Trig.one)), Int64(Trig.one))
        let cosine = root(Int64(Trig.one) * Int64(Trig.one) - sine * sine)
        let a = Trig.atan2(Int32(sine), cosine).degrees
        return a > 180 ? a - 360 : a
    }
}

/// A computed channel's `sun = "elevation"`: the sun's elevation where the panel is, from a
/// fixed `latitude` and `longitude` or from channels giving them (a GPS's, in degrees).
public struct SunElevation: Sendable, Equatable {
    public enum Coordinate: Sendable, Equatable {
        case degrees(Double)
        case channel(String)
    }
    public var latitude: Coordinate
    public var longitude: Coordinate

    public init(latitude: Coordinate, longitude: Coordinate) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The channels it reads.
    public var channels: [String] {
        [latitude, longitude].compactMap { c in
            if case .channel(let name) = c { return name }
            return nil
        }
    }
}
