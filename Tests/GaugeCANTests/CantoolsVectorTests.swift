import Testing
@testable import GaugeCAN

/// Frames cantools encoded (scripts/generators/can_vectors.py): GaugeCAN must decode
/// the values cantools decodes, within 1e-9 relative.
@Suite struct CantoolsVectorTests {
    func check(_ name: String) throws {
        let db = TestFiles.dbc(name + ".dbc")
        let text = String(decoding: TestFiles.bytes("Vectors/" + name + ".txt"), as: UTF8.self)
        var frames = 0, values = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            let message = try #require(db.messages.first { $0.name == String(fields[0]) }, "\(line)")
            let data = TestFiles.hex(String(fields[1]))
            #expect(data.count == Int(message.length))
            var expected: [String: Double] = [:]
            for f in fields.dropFirst(2) {
                let kv = f.split(separator: "=")
                let value: Double = try #require(Double(String(kv[1])), "\(f)")
                expected[String(kv[0])] = value
            }
            let decoded = message.decode(data)
            #expect(Set(decoded.map(\.name)) == Set(expected.keys), "\(line)")
            for d in decoded {
                guard let want = expected[d.name] else { continue }
                let tolerance = max(abs(want), 1e-300) * 1e-9
                #expect(abs(d.physical - want) <= tolerance, "\(message.name).\(d.name) in \(line)")
                values += 1
            }
            frames += 1
        }
        #expect(frames > 100, "\(name)")
        #expect(values > frames, "\(name)")
    }

    @Test func vehicleVectors() throws { try check("vehicle") }
    @Test func multiplexedVectors() throws { try check("multiplexed") }
    @Test func wideVectors() throws { try check("wide") }
}
