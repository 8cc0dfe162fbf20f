import Testing
import Glibc
@testable import GaugeECU

/// The real INIs of Speeduino, rusEFI and MegaSquirt MS2/MS3 are not in this repository
/// (their licences and the project's rules keep fetched files out of it): point
/// GAUGEPANEL_ECU_INIS at a folder of them (`<name>.ini`) and these tests read each one.
@Suite struct RealINITests {
    static var folder: String? {
        guard let p = getenv("GAUGEPANEL_ECU_INIS") else { return nil }
        return String(cString: p)
    }

    static func files() -> [String] {
        guard let folder, let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var out: [String] = []
        while let e = readdir(dir) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".ini") { out.append(folder + "/" + name) }
        }
        return out.sorted()
    }

    static func read(_ path: String) -> [UInt8] {
        guard let f = fopen(path, "rb") else { return [] }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return out
    }

    @Test(.enabled(if: folder != nil)) func everyINIParsesWithRPM() throws {
        for path in Self.files() {
            for settings in [[String](), ["CELSIUS"]] {
                let d = try ECUDefinition.parse(Self.read(path), settings: settings)
                let supported = d.channels.filter { if case .unsupported = $0.kind { false } else { true } }
                print(
                    "\(path) \(settings): \"\(d.signature)\", \(d.blockSize) bytes, \(d.channels.count) channels, \(supported.count) readable, framing \(d.prefersCRCFraming ? "crc32" : "legacy")"
                )
                #expect(d.index(of: "rpm") != nil, "\(path)")
                #expect(d.blockSize > 0)
            }
        }
    }
}
