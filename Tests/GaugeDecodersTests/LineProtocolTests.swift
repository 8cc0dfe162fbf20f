import Testing
@testable import GaugeDecoders
import GaugeSensors

@Suite struct LineProtocolTests {
    @Test func pairsSeparatedBySpacesAndCommas() {
        var d = LineProtocolDecoder()
        let out = d.feed(bytes("rpm=2450 coolant=87.5,oil.pressure=3.2\n  boost-1=-0.25\r\n"))
        #expect(
            out == [
                Sample(name: "rpm", value: 2450, unit: .none),
                Sample(name: "coolant", value: 87.5, unit: .none),
                Sample(name: "oil.pressure", value: 3.2, unit: .none),
                Sample(name: "boost-1", value: -0.25, unit: .none),
            ])
        #expect(d.statistics.accepted == 2)
        #expect(d.statistics.samples == 4)
    }

    @Test func checksumValidAndInvalid() {
        var d = LineProtocolDecoder()
        let good = XORChecksum.append(to: "rpm=900 temp=80") + "\r\n"
        #expect(d.feed(bytes(good)).count == 2)
        #expect(d.feed(bytes("rpm=900 temp=80*00\n")) == [])
        #expect(d.feed(bytes("rpm=900 temp=80*G1\n")) == [])
        #expect(d.feed(bytes("rpm=900 temp=80*1\n")) == [])
        #expect(d.feed(bytes("rpm=9*00 temp=80\n")) == [])
        #expect(d.statistics.badChecksum == 4)
        // Lower-case hex is accepted.
        let lower = XORChecksum.append(to: "a=1").lowercased()
        #expect(d.feed(bytes(lower + "\n")).count == 1)
        var strict = LineProtocolDecoder(requireChecksum: true)
        #expect(strict.feed(bytes("a=1\n")) == [])
        #expect(strict.statistics.badChecksum == 1)
        #expect(strict.feed(bytes(XORChecksum.append(to: "a=1") + "\n")).count == 1)
    }

    @Test func malformedLinesAreDroppedWhole() {
        var d = LineProtocolDecoder()
        for line in [
            "rpm=12 junk\n", "=5\n", "rpm=\n", "rpm=1x\n", "rp m=1\n", "rpm==1\n", "r*m=1\n",
            "température=3\n", "a=1 b=nan\n",
        ] {
            #expect(d.feed(bytes(line)) == [], "\(line)")
        }
        #expect(d.statistics.unparsable + d.statistics.badChecksum == 9)
        #expect(d.statistics.accepted == 0)
        #expect(d.feed(bytes("\n\r\n   \n")) == [])
        #expect(d.statistics.emptyLines == 3)
    }

    @Test func overlongLineDroppedUpToNextNewline() {
        var d = LineProtocolDecoder(maxLineLength: 32)
        let long = "a=1 " + String(repeating: "b=2 ", count: 20) + "c=3\n"
        let out = d.feed(bytes(long + "ok=1\n"))
        #expect(out == [Sample(name: "ok", value: 1, unit: .none)])
        #expect(d.statistics.overlong == 1)
        // Exactly at the limit (with CRLF) is fine.
        let exact = "x=" + String(repeating: "1", count: 30)
        #expect(exact.utf8.count == 32)
        #expect(d.feed(bytes(exact + "\r\n")).count == 1)
        #expect(d.feed(bytes(exact + "1\r\n")).count == 0)
        #expect(d.statistics.overlong == 2)
    }

    @Test func nameLengthLimit() {
        var d = LineProtocolDecoder(maxNameLength: 4)
        #expect(d.feed(bytes("abcd=1\nabcde=1\n")).count == 1)
    }

    @Test func splitAtEveryBytePosition() {
        let stream = bytes(
            "rpm=2450 coolant=87.5\r\n" + XORChecksum.append(to: "a=1,b=-2e3") + "\n"
                + "bad line\n" + "x=" + String(repeating: "9", count: 300) + "\n" + "tail=7\n")
        assertSplitInvariant({ LineProtocolDecoder(maxLineLength: 256) }, stream)
    }

    @Test func tenMegabytesOfRandomBytes() {
        let noise = randomBytes(count: 10 << 20, seed: 42, alphabet: bytes("ab.=0123456789-e* ,\n\r"))
        var d = LineProtocolDecoder()
        var samples = 0
        var offset = 0
        var rng = SplitMix64(seed: 1)
        while offset < noise.count {
            let n = min(Int(rng.next() % 4096) + 1, noise.count - offset)
            noise.withUnsafeBytes { raw in
                d.feed(UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + n)])) { s in
                    #expect(s.value.isFinite)
                    samples += 1
                }
            }
            offset += n
        }
        #expect(d.statistics.bytes == UInt64(noise.count))
        #expect(d.statistics.unparsable > 1000)
        #expect(d.statistics.badChecksum > 100)
        #expect(d.statistics.overlong > 0)
        #expect(UInt64(samples) == d.statistics.samples)
        // Still decodes a clean line afterwards.
        #expect(d.feed(bytes("\nz=1\n")) == [Sample(name: "z", value: 1, unit: .none)])
    }
}

@Suite struct LineProtocolDocExamples {
    @Test func examplesInDocsDecode() {
        var d = LineProtocolDecoder()
        let out = d.feed(
            bytes(
                "rpm=2450 coolant=87.5,oil.pressure=3.2\r\n"
                    + "rpm=2460 coolant=87.5 oil.pressure=3.21*6D\n"
                    + "coolant=87.5 oil.temperature=92.0 rpm=2450\r\n"
                    + "coolant=87.5 oil.temperature=92.0 rpm=2460*0F\r\n"))
        #expect(out.count == 12)
        #expect(d.statistics.dropped == 0)
        #expect(XORChecksum.append(to: "coolant=87.5 oil.temperature=92.0 rpm=2460") == "coolant=87.5 oil.temperature=92.0 rpm=2460*0F")
    }
}
