import XCTest
@testable import GaugeCAN

/// Frames cantools encoded (scripts/generators/can_vectors.py): GaugeCAN must decode
/// the values cantools decodes, within 1e-9 relative.
final class CantoolsVectorTests: XCTestCase {
    func check(_ name: String) throws {
        let db = TestFiles.dbc(name + ".dbc")
        let text = String(decoding: TestFiles.bytes("Vectors/" + name + ".txt"), as: UTF8.self)
        var frames = 0, values = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            let message = try XCTUnwrap(db.messages.first { $0.name == String(fields[0]) }, String(line))
            let data = TestFiles.hex(String(fields[1]))
            XCTAssertEqual(data.count, Int(message.length))
            var expected: [String: Double] = [:]
            for f in fields.dropFirst(2) {
                let kv = f.split(separator: "=")
                expected[String(kv[0])] = try XCTUnwrap(Double(String(kv[1])), String(f))
            }
            let decoded = message.decode(data)
            XCTAssertEqual(Set(decoded.map(\.name)), Set(expected.keys), String(line))
            for d in decoded {
                guard let want = expected[d.name] else { continue }
                let tolerance = max(abs(want), 1e-300) * 1e-9
                XCTAssertEqual(d.physical, want, accuracy: tolerance, "\(message.name).\(d.name) in \(line)")
                values += 1
            }
            frames += 1
        }
        XCTAssertGreaterThan(frames, 100, name)
        XCTAssertGreaterThan(values, frames, name)
    }

    func testVehicleVectors() throws { try check("vehicle") }
    func testMultiplexedVectors() throws { try check("multiplexed") }
    func testWideVectors() throws { try check("wide") }
}
