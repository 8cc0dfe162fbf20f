import Testing
import GaugeSensors
@testable import GaugeNet

// Reports as gpsd_json(5) shows them (its TPV, SKY, VERSION, DEVICES and WATCH examples,
// on one line each as gpsd sends them), and newer gpsd's fields (altMSL, uSat, eps).
let gpsdVersion = #"{"class":"VERSION","release":"2.40dev","rev":"06f62e14eae9886cde907dae61c124c53eb1101f","proto_major":3,"proto_minor":1}"#
let gpsdDevices =
    #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/1","flags":1,"driver":"SiRF binary"},{"class":"DEVICE","path":"/dev/pts/3","flags":4,"driver":"AIVDM"}]}"#
let gpsdWatch = #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}"#
let gpsdTPV =
    #"{"class":"TPV","device":"/dev/pts/1","time":"2005-06-08T10:34:48.283Z","ept":0.005,"lat":46.498293369,"lon":7.567411672,"alt":1343.127,"eph":36.000,"epv":32.321,"track":10.3788,"speed":0.091,"climb":-0.085,"mode":3}"#
let gpsdTPVNew =
    #"{"class":"TPV","device":"/dev/ttyACM0","mode":2,"time":"2024-01-15T08:00:00.000Z","ept":0.005,"lat":51.5,"lon":-0.12,"altHAE":95.1,"altMSL":49.7,"epx":3.2,"epy":4.1,"epv":9.9,"track":271.5,"speed":5.14,"climb":0.1,"eps":0.52}"#
let gpsdTPVNoFix = #"{"class":"TPV","device":"/dev/ttyUSB0","mode":1}"#
let gpsdSKY =
    #"{"class":"SKY","device":"/dev/pts/1","time":"2005-07-08T11:28:07.114Z","xdop":1.55,"hdop":1.24,"pdop":1.99,"satellites":[{"PRN":23,"el":6,"az":84,"ss":0,"used":false},{"PRN":28,"el":7,"az":160,"ss":0,"used":false},{"PRN":8,"el":66,"az":189,"ss":44,"used":true},{"PRN":29,"el":13,"az":273,"ss":0,"used":false},{"PRN":10,"el":51,"az":304,"ss":29,"used":true},{"PRN":4,"el":15,"az":199,"ss":36,"used":true},{"PRN":2,"el":34,"az":241,"ss":43,"used":true},{"PRN":27,"el":71,"az":76,"ss":43,"used":true}]}"#
let gpsdSKYCounts = #"{"class":"SKY","device":"/dev/ttyACM0","nSat":12,"uSat":7,"hdop":0.9}"#

@Suite struct GPSDTests {
    func decode(_ lines: [String]) -> (readings: [NetReading], statistics: DecoderStatistics) {
        var d = GPSDDecoder()
        let stream = Array(lines.joined(separator: "\r\n").utf8) + [10]
        let r = d.feed(stream)
        return (r, d.statistics)
    }

    func sample(_ name: String, _ v: Double, _ unit: SensorUnit = .none) -> NetReading {
        .sample(Sample(name: name, value: v, unit: unit))
    }

    @Test func tpvWith3DFix() {
        let (r, s) = decode([gpsdTPV])
        #expect(
            r == [
                sample("gps.mode", 3), sample("gps.time", 1_118_226_888.283),
                sample("gps.latitude", 46.498293369, .degrees), sample("gps.longitude", 7.567411672, .degrees),
                sample("gps.speed", 0.091, .metresPerSecond), sample("gps.course", 10.3788, .degrees),
                sample("gps.altitude", 1343.127, .metres), sample("gps.climb", -0.085, .metresPerSecond),
                sample("gps.error.altitude", 32.321, .metres),
            ])
        #expect(s.accepted == 1 && s.samples == 9 && s.dropped == 0)
    }

    @Test func tpvWith2DFixPrefersAltMSLButHasNoAltitude() {
        let (r, _) = decode([gpsdTPVNew])
        #expect(r.contains(sample("gps.speed", 5.14, .metresPerSecond)))
        #expect(r.contains(sample("gps.error.speed", 0.52, .metresPerSecond)))
        #expect(r.contains(sample("gps.error.longitude", 3.2, .metres)))
        #expect(r.contains(sample("gps.error.latitude", 4.1, .metres)))
        #expect(r.contains(.stale("gps.altitude")))
        #expect(r.contains(.stale("gps.climb")))
        #expect(r.contains(.stale("gps.error.altitude")))
        // The same report in 3D uses altMSL, not altHAE.
        let (r3, _) = decode([gpsdTPVNew.replacingMode(3)])
        #expect(r3.contains(sample("gps.altitude", 49.7, .metres)))
    }

    @Test func tpvWithoutFixMakesPositionStale() {
        let (r, s) = decode([gpsdTPVNoFix])
        #expect(
            r == [sample("gps.mode", 1)]
                + [
                    "gps.latitude", "gps.longitude", "gps.speed", "gps.course", "gps.altitude",
                    "gps.climb", "gps.error.speed", "gps.error.longitude", "gps.error.latitude",
                    "gps.error.altitude",
                ].map { NetReading.stale($0) })
        #expect(s.accepted == 1)
        // Mode 0 too, even with stale numbers in the report.
        let (r0, _) = decode([#"{"class":"TPV","mode":0,"lat":1.0,"speed":3.0}"#])
        #expect(!r0.contains { if case .sample(let x) = $0 { x.name != "gps.mode" } else { false } })
    }

    @Test func skyCountsUsedSatellites() {
        let (r, s) = decode([gpsdSKY])
        #expect(r == [sample("gps.satellites", 5), sample("gps.satellites.visible", 8)])
        let (r2, _) = decode([gpsdSKYCounts])
        #expect(r2 == [sample("gps.satellites", 7), sample("gps.satellites.visible", 12)])
        let (r3, _) = decode([#"{"class":"SKY","satellites":[]}"#])
        #expect(r3 == [sample("gps.satellites", 0), sample("gps.satellites.visible", 0)])
        let (r4, _) = decode([#"{"class":"SKY","hdop":1.2}"#])
        #expect(r4.isEmpty)
        #expect(s.accepted == 1)
    }

    @Test func otherClassesAreIgnored() {
        let (r, s) = decode([gpsdVersion, gpsdDevices, gpsdWatch, gpsdTPVNoFix, gpsdSKY])
        #expect(r.count == 13)
        #expect(s.unknownSentence == 3 && s.accepted == 2 && s.dropped == 0)
    }

    @Test func badLinesAreCounted() {
        let (r, s) = decode([
            "not json", "[1,2]", #"{"class":"TPV"}"#, #"{"class":"TPV","mode":7}"#, #"{"mode":3}"#,
            #"{"class":"TPV","mode":3"#, "", gpsdTPVNoFix,
        ])
        #expect(r.first == sample("gps.mode", 1))
        #expect(s.unparsable == 6 && s.emptyLines == 1 && s.accepted == 1)
    }

    @Test func chunkedAndOverlong() {
        let stream = Array((gpsdVersion + "\n" + gpsdTPV + "\n" + gpsdSKY + "\n").utf8)
        var whole = GPSDDecoder()
        let expected = whole.feed(stream)
        #expect(expected.count == 11)
        for cut in stride(from: 0, through: stream.count, by: 7) {
            var d = GPSDDecoder()
            #expect(d.feed(stream[0..<cut]) + d.feed(stream[cut...]) == expected)
        }
        var small = GPSDDecoder(maxLineLength: 200)
        let r = small.feed(Array((gpsdSKY + "\n" + gpsdTPVNoFix + "\n").utf8))
        #expect(r.first == sample("gps.mode", 1))
        #expect(small.statistics.overlong == 1)
    }

    @Test func isoTimes() {
        #expect(ISO8601.seconds("1970-01-01T00:00:00Z") == 0)
        #expect(ISO8601.seconds("2000-03-01T00:00:00Z") == 951_868_800)
        #expect(ISO8601.seconds("2024-02-29T23:59:59.5Z") == 1_709_251_199.5)
        #expect(ISO8601.seconds("2024-02-29T23:59:59.Z") == nil)
        #expect(ISO8601.seconds("2024-13-01T00:00:00Z") == nil)
        #expect(ISO8601.seconds("2024-01-01 00:00:00Z") == nil)
    }
}

extension String {
    func replacingMode(_ mode: Int) -> String {
        split(separator: #""mode":2"#, omittingEmptySubsequences: false).joined(separator: "\"mode\":\(mode)")
    }
}
