import Testing
@testable import GaugeDecoders
import GaugeSensors

func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

/// `$` + body + `*XX` + CRLF, with a correct checksum.
func nmea(_ body: String) -> String { "$" + XORChecksum.append(to: body) + "\r\n" }

/// Feeding `stream` split in two at every byte position (and byte by byte) must give
/// exactly the samples and statistics of a single feed.
func assertSplitInvariant<D: ByteDecoder & Equatable>(
    _ make: () -> D, _ stream: [UInt8],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    var whole = make()
    let expected = whole.feed(stream)
    #expect(!expected.isEmpty, "stream should produce samples", sourceLocation: sourceLocation)
    for k in 0...stream.count {
        var d = make()
        var got = d.feed(stream[0..<k])
        got += d.feed(stream[k...])
        if got != expected || d.statistics != whole.statistics {
            Issue.record("split at \(k) differs", sourceLocation: sourceLocation)
            return
        }
    }
    var d = make()
    var got: [Sample] = []
    for b in stream { got += d.feed(CollectionOfOne(b)) }
    #expect(got == expected, "byte by byte", sourceLocation: sourceLocation)
    #expect(d.statistics == whole.statistics, sourceLocation: sourceLocation)
}

/// 10 MB of seeded random bytes (mixed with fragments a decoder cares about), fed in
/// random-sized chunks: must not trap, and the byte counter must match.
func randomBytes(count: Int, seed: UInt64, alphabet: [UInt8]) -> [UInt8] {
    var rng = SplitMix64(seed: seed)
    var out = [UInt8](repeating: 0, count: count)
    var i = 0
    while i < count {
        let r = rng.next()
        for k in 0..<8 where i < count {
            let b = UInt8(truncatingIfNeeded: r >> (k * 8))
            // Half the bytes from the protocol's own alphabet so lines actually form.
            out[i] = b & 1 == 0 ? alphabet[Int(b >> 1) % alphabet.count] : b
            i += 1
        }
    }
    return out
}

extension LineProtocolDecoder: Equatable {
    public static func == (a: Self, b: Self) -> Bool { a.statistics == b.statistics }
}
extension NMEADecoder: Equatable {
    public static func == (a: Self, b: Self) -> Bool { a.statistics == b.statistics }
}
