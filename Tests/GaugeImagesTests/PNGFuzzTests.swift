@testable import GaugeImages
import GaugeRaster
import Testing

/// Random damage to valid PNGs must give an image or a `PNGError`, never a trap.
@Suite struct PNGFuzzTests {
    static let seeds: [[UInt8]] = [
        try! PNG.encode(TestImages.drawn(.xrgb8888, width: 17, height: 11)),
        try! PNG.encode(TestImages.drawn(.argb8888, width: 9, height: 6)),
        TestImages.pythonPNG,
    ]

    static func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            guard !bytes.isEmpty else { break }
            let i = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: bytes[i] ^= UInt8(1) << UInt8.random(in: 0...7, using: &rng)
            case 1: bytes[i] = UInt8.random(in: 0...255, using: &rng)
            case 2: bytes.remove(at: i)
            case 3: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: i)
            case 4: bytes.removeSubrange(i...)
            default: bytes[i] = [0x00, 0xFF, 0x7F, 0x80].randomElement(using: &rng)!
            }
        }
        return bytes
    }

    /// Raw mutations: almost all stop at a CRC or the signature.
    @Test func mutatedBytesNeverTrap() {
        var rng = SplitMix64(seed: 0x5EED)
        var decoded = 0
        for n in 0..<3000 {
            let bytes = Self.mutate(Self.seeds[n % Self.seeds.count], &rng)
            if (try? PNG.decode(bytes)) != nil { decoded += 1 }
        }
        #expect(decoded < 3000)
    }

    /// Mutations inside chunk data with the CRCs made right again, so that the damage
    /// reaches the header checks, inflate and the filters.
    @Test func mutatedChunksWithValidCRCsNeverTrap() {
        var rng = SplitMix64(seed: 0xC0FFEE)
        var outcomes: [String: Int] = [:]
        for n in 0..<3000 {
            var bytes = Self.seeds[n % Self.seeds.count]
            let chunks = TestImages.chunks(bytes).filter { !$0.data.isEmpty }
            let chunk = chunks.randomElement(using: &rng)!
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let i = Int.random(in: chunk.data, using: &rng)
                bytes[i] =
                    Bool.random(using: &rng)
                    ? UInt8.random(in: 0...255, using: &rng)
                    : bytes[i] ^ (UInt8(1) << UInt8.random(in: 0...7, using: &rng))
            }
            TestImages.fixCRC(&bytes, chunkAt: chunk.start)
            do {
                let image = try PNG.decode(bytes)
                #expect(image.pixels.count == image.width * image.height * image.channels)
                outcomes["decoded", default: 0] += 1
            } catch {
                outcomes["\(error)".prefix(20).description, default: 0] += 1
            }
        }
        // The damage must have reached past the CRC checks.
        #expect(outcomes.keys.contains { $0.hasPrefix("zlib") || $0.hasPrefix("invalid PNG filter") || $0.hasPrefix("truncated") })
    }
}
