import Foundation
import Testing
import GaugeDecoders
@testable import GaugeCAN

/// Messages canboat's analyzer decoded (scripts/generators/n2k_vectors.py, SI units):
/// GaugeCAN must give the same quantities under its channel names, within each field's
/// resolution (canboat prints some fields with fewer decimals than they carry).
@Suite struct CanboatVectorTests {
    let degrees = 180 / Double.pi
    let knots = 3600 / 1852.0

    @Test func everyPGNAgreesWithCanboat() throws {
        let text = String(decoding: TestFiles.bytes("Vectors/nmea2000.txt"), as: UTF8.self)
        var messages = 0, values = 0
        var pgns = Set<UInt32>()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", maxSplits: 2)
            let pgn = try #require(UInt32(parts[0]))
            let data = TestFiles.hex(String(parts[1]))
            let fields = try #require(JSONSerialization.jsonObject(with: Data(parts[2].utf8)) as? [String: Any])
            var got: [String: Double] = [:]
            #expect(NMEA2000PGNs.decode(pgn, data) { got[$0.name] = $0.value })
            let want = expected(pgn, data, fields)
            #expect(Set(got.keys) == Set(want.keys), "\(line)")
            for (name, (value, tolerance)) in want {
                guard let g = got[name] else { continue }
                #expect(abs(g - value) <= tolerance, "\(name) in \(line)")
                values += 1
            }
            messages += 1
            pgns.insert(pgn)
        }
        #expect(pgns == NMEA2000PGNs.supported)
        #expect(messages == 24 * 12)
        #expect(values > 500)
    }

    /// canboat's fields → GaugeCAN's channels: (value, tolerance).
    func expected(_ pgn: UInt32, _ data: [UInt8], _ f: [String: Any]) -> [String: (Double, Double)] {
        func n(_ key: String) -> Double? { (f[key] as? NSNumber)?.doubleValue }
        func s(_ key: String) -> String? { f[key] as? String }
        func heading(_ d: Double) -> Double {
            let v = d.truncatingRemainder(dividingBy: 360)
            return v < 0 ? v + 360 : v
        }
        func relative(_ d: Double) -> Double {
            let v = heading(d)
            return v > 180 ? v - 360 : v
        }
        let angle = 0.0001 * degrees * 0.51, speed = 0.01 * knots * 0.51
        var e: [String: (Double, Double)] = [:]
        let engine = data[0] == 0 ? "engine" : "engine.\(Int(data[0]) + 1)"
        switch pgn {
        case 128267:
            guard let depth = n("Depth") else { break }
            e["depth.below.transducer"] = (depth, 0.006)
            if let offset = n("Offset") { e[offset >= 0 ? "depth" : "depth.below.keel"] = (depth + offset, 0.006) }
        case 128259:
            if let v = n("Speed Water Referenced") { e["speed.water"] = (v * knots, speed) }
            if let v = n("Speed Ground Referenced") { e["speed.ground"] = (v * knots, speed) }
        case 127250:
            let variation = n("Variation"), deviation = n("Deviation") ?? 0
            if let variation { e["magnetic.variation"] = (variation * degrees, angle) }
            guard let h = n("Heading") else { break }
            if s("Reference") == "True" { e["heading.true"] = (heading(h * degrees), angle) }
            if s("Reference") == "Magnetic" {
                e["heading.magnetic"] = (heading((h + deviation) * degrees), 2 * angle)
                if let variation { e["heading.true"] = (heading((h + deviation + variation) * degrees), 3 * angle) }
            }
        case 130306:
            let names: (String, String, Bool)
            switch s("Reference") ?? "" {
            case "Apparent": names = ("wind.angle.apparent", "wind.speed.apparent", true)
            case "True (boat referenced)", "True (water referenced)": names = ("wind.angle.true", "wind.speed.true", true)
            case "True (ground referenced to North)": names = ("wind.direction.true", "wind.speed.ground", false)
            default: names = ("wind.direction.magnetic", "wind.speed.ground", false)
            }
            if let a = n("Wind Angle") { e[names.0] = (names.2 ? relative(a * degrees) : heading(a * degrees), angle) }
            if let v = n("Wind Speed") { e[names.1] = (v * knots, speed) }
        case 129026:
            if let c = n("COG") { e[s("COG Reference") == "True" ? "course.ground" : "course.ground.magnetic"] = (heading(c * degrees), angle) }
            if let v = n("SOG") { e["speed.ground"] = (v * knots, speed) }
        case 129025:
            if let v = n("Latitude") { e["position.latitude"] = (v, 1e-9) }
            if let v = n("Longitude") { e["position.longitude"] = (v, 1e-9) }
        case 127488:
            if let v = n("Speed") { e[engine + ".rpm"] = (v, 0.25) }
            if let v = n("Boost Pressure") { e[engine + ".boost.pressure"] = (v / 1000, 0.051) }
            if let v = n("Tilt/Trim") { e[engine + ".trim"] = (v, 0) }
        case 127489:
            if let v = n("Oil pressure") { e[engine + ".oil.pressure"] = (v / 1000, 0.051) }
            if let v = n("Oil temperature") { e[engine + ".oil.temperature"] = (v - 273.15, 0.051) }
            if let v = n("Temperature") { e[engine + ".coolant.temperature"] = (v - 273.15, 0.0051) }
            if let v = n("Alternator Potential") { e[engine + ".alternator.voltage"] = (v, 0.0051) }
            if let v = n("Coolant Pressure") { e[engine + ".coolant.pressure"] = (v / 1000, 0.051) }
            if let v = n("Fuel Pressure") { e[engine + ".fuel.pressure"] = (v / 1000, 0.51) }
            if let v = n("Engine Load") { e[engine + ".load"] = (v, 0) }
            if let v = n("Engine Torque") { e[engine + ".torque"] = (v, 0) }
        case 127505:
            let type = (s("Type") ?? "").lowercased().replacingOccurrences(of: " ", with: "_")
            let tank = "tank.\(type).\(Int(n("Instance") ?? -1))"
            if let v = n("Level") { e[tank + ".level"] = (v, 0.0021) }
            if let v = n("Capacity") { e[tank + ".capacity"] = (v, 0.051) }
        case 127508:
            let battery = "battery.\(Int(n("Instance") ?? -1))"
            if let v = n("Voltage") { e[battery + ".voltage"] = (v, 0.0051) }
            if let v = n("Current") { e[battery + ".current"] = (v, 0.051) }
            if let v = n("Temperature") { e[battery + ".temperature"] = (v - 273.15, 0.0051) }
        case 130312, 130316:
            guard let v = n(pgn == 130312 ? "Actual Temperature" : "Temperature"), let instance = n("Instance") else { break }
            let source = (s("Source") ?? "").replacingOccurrences(of: " Temperature", with: "")
                .lowercased().replacingOccurrences(of: " ", with: "_")
            let name = source == "sea" && instance == 0 ? "water.temperature" : "temperature.\(source).\(Int(instance))"
            e[name] = (v - 273.15, 0.0051)
        default:
            Issue.record("PGN \(pgn)")
        }
        return e
    }
}
