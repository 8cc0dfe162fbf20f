import Testing
import GaugeConfig

/// The sun's elevation against PyEphem 4.2.1 (`Sun` seen from an `Observer` with
/// `pressure = 0`: geometric, no refraction) at places and times across the globe.
@Suite struct SolarPositionTests {
    /// (latitude, longitude, UTC seconds since 1970, PyEphem's elevation in degrees).
    static let references: [(Double, Double, Double, Double)] = [
        (59.33, 18.06, 1_782_036_000, 53.055),  // Stockholm, 2026-06-21 10:00
        (59.33, 18.06, 1_797_854_400, 5.829),  // Stockholm, 2026-12-21 12:00
        (-33.87, 151.21, 1_773_972_000, 56.333),  // Sydney, 2026-03-20 02:00
        (51.48, 0, 1_796_572_800, -1.833),  // Greenwich, 2026-12-06 16:00: just set
        (0, 0, 946_728_000, 66.953),  // 2000-01-01 12:00
        (78.22, 15.65, 1_782_082_800, 11.654),  // Svalbard, 2026-06-21 23:00: midnight sun
        (37.77, -122.42, 1_914_523_200, 60.181),  // San Francisco, 2030-09-01 20:00
    ]

    @Test func agreesWithPyEphemToAFewHundredthsOfADegree() {
        for (lat, lon, t, expected) in Self.references {
            let e = SolarPosition.elevation(latitude: lat, longitude: lon, unixSeconds: t)
            #expect(abs(e - expected) < 0.03, "\(lat), \(lon) at \(t): \(e), PyEphem \(expected)")
        }
    }

    @Test func nightIsBelowTheHorizonAndTheDayRisesThroughIt() {
        // Greenwich on 2026-12-06, every ten minutes: down before about 07:50, up until
        // about 15:55, so the elevation crosses the sunrise line exactly twice.
        var crossings = 0
        var up = false
        for minute in stride(from: 0.0, through: 1440, by: 10) {
            let e = SolarPosition.elevation(latitude: 51.48, longitude: 0, unixSeconds: 1_796_515_200 + minute * 60)
            let nowUp = e > SolarPosition.horizon
            if minute > 0 && nowUp != up { crossings += 1 }
            up = nowUp
            #expect(e > -70 && e < 20)
        }
        #expect(crossings == 2)
    }

    @Test func outsideValuesAreNoValueNotATrap() {
        for (lat, lon, t) in [(Double.nan, 0.0, 0.0), (91, 0, 0), (0, .infinity, 0), (0, 0, 1e300), (0, 0, -.infinity)] {
            #expect(SolarPosition.elevation(latitude: lat, longitude: lon, unixSeconds: t).isNaN)
        }
        let poles = [-90.0, 90].map { SolarPosition.elevation(latitude: $0, longitude: 0, unixSeconds: 1_782_036_000) }
        #expect(abs(poles[0] + 23.4) < 0.1 && abs(poles[1] - 23.4) < 0.1)  // the solstice's declination
    }
}
