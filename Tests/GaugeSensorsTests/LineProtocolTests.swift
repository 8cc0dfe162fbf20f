import XCTest
@testable import GaugeSensors

final class LineProtocolTests: XCTestCase {
    func testPairsSeparatedBySpacesAndCommas() {
        var d = LineProtocolDecoder()
        let out = d.feed(bytes("rpm=2450 coolant=87.5,oil.pressure=3.2\n  boost-1=-0.25\r\n"))
        XCTAssertEqual(
            out,
            [
                Sample(name: "rpm", value: 2450, unit: .none),
                Sample(name: "coolant", value: 87.5, unit: .none),
                Sample(name: "oil.pressure", value: 3.2, unit: .none),
                Sample(name: "boost-1", value: -0.25, unit: .none),
            ])
        XCTAssertEqual(d.statistics.accepted, 2)
        XCTAssertEqual(d.statistics.samples, 4)
    }

    func testChecksumValidAndInvalid() {
        var d = LineProtocolDecoder()
        let good = XORChecksum.append(to: "rpm=900 temp=80") + "\r\n"
        XCTAssertEqual(d.feed(bytes(good)).count, 2)
        XCTAssertEqual(d.feed(bytes("rpm=900 temp=80*00\n")), [])
        XCTAssertEqual(d.feed(bytes("rpm=900 temp=80*G1\n")), [])
        XCTAssertEqual(d.feed(bytes("rpm=900 temp=80*1\n")), [])
        XCTAssertEqual(d.feed(bytes("rpm=9*00 temp=80\n")), [])
        XCTAssertEqual(d.statistics.badChecksum, 4)
        // Lower-case hex is accepted.
        let lower = XORChecksum.append(to: "a=1").lowercased()
        XCTAssertEqual(d.feed(bytes(lower + "\n")).count, 1)
        var strict = LineProtocolDecoder(requireChecksum: true)
        XCTAssertEqual(strict.feed(bytes("a=1\n")), [])
        XCTAssertEqual(strict.statistics.badChecksum, 1)
        XCTAssertEqual(strict.feed(bytes(XORChecksum.append(to: "a=1") + "\n")).count, 1)
    }

    func testMalformedLinesAreDroppedWhole() {
        var d = LineProtocolDecoder()
        for line in [
            "rpm=12 junk\n", "=5\n", "rpm=\n", "rpm=1x\n", "rp m=1\n", "rpm==1\n", "r*m=1\n",
            "température=3\n", "a=1 b=nan\n",
        ] {
            XCTAssertEqual(d.feed(bytes(line)), [], line)
        }
        XCTAssertEqual(d.statistics.unparsable + d.statistics.badChecksum, 9)
        XCTAssertEqual(d.statistics.accepted, 0)
        XCTAssertEqual(d.feed(bytes("\n\r\n   \n")), [])
        XCTAssertEqual(d.statistics.emptyLines, 3)
    }

    func testOverlongLineDroppedUpToNextNewline() {
        var d = LineProtocolDecoder(maxLineLength: 32)
        let long = "a=1 " + String(repeating: "b=2 ", count: 20) + "c=3\n"
        let out = d.feed(bytes(long + "ok=1\n"))
        XCTAssertEqual(out, [Sample(name: "ok", value: 1, unit: .none)])
        XCTAssertEqual(d.statistics.overlong, 1)
        // Exactly at the limit (with CRLF) is fine.
        let exact = "x=" + String(repeating: "1", count: 30)
        XCTAssertEqual(exact.utf8.count, 32)
        XCTAssertEqual(d.feed(bytes(exact + "\r\n")).count, 1)
        XCTAssertEqual(d.feed(bytes(exact + "1\r\n")).count, 0)
        XCTAssertEqual(d.statistics.overlong, 2)
    }

    func testNameLengthLimit() {
        var d = LineProtocolDecoder(maxNameLength: 4)
        XCTAssertEqual(d.feed(bytes("abcd=1\nabcde=1\n")).count, 1)
    }

    func testSplitAtEveryBytePosition() {
        let stream = bytes(
            "rpm=2450 coolant=87.5\r\n" + XORChecksum.append(to: "a=1,b=-2e3") + "\n"
                + "bad line\n" + "x=" + String(repeating: "9", count: 300) + "\n" + "tail=7\n")
        assertSplitInvariant({ LineProtocolDecoder(maxLineLength: 256) }, stream)
    }

    func testTenMegabytesOfRandomBytes() {
        let noise = randomBytes(count: 10 << 20, seed: 42, alphabet: bytes("ab.=0123456789-e* ,\n\r"))
        var d = LineProtocolDecoder()
        var samples = 0
        var offset = 0
        var rng = SplitMix64(seed: 1)
        while offset < noise.count {
            let n = min(Int(rng.next() % 4096) + 1, noise.count - offset)
            noise.withUnsafeBytes { raw in
                d.feed(UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + n)])) { s in
                    XCTAssertTrue(s.value.isFinite)
                    samples += 1
                }
            }
            offset += n
        }
        XCTAssertEqual(d.statistics.bytes, UInt64(noise.count))
        XCTAssertGreaterThan(d.statistics.unparsable, 1000)
        XCTAssertGreaterThan(d.statistics.badChecksum, 100)
        XCTAssertGreaterThan(d.statistics.overlong, 0)
        XCTAssertEqual(UInt64(samples), d.statistics.samples)
        // Still decodes a clean line afterwards.
        XCTAssertEqual(d.feed(bytes("\nz=1\n")), [Sample(name: "z", value: 1, unit: .none)])
    }
}

final class LineProtocolDocExamples: XCTestCase {
    func testExamplesInDocsDecode() {
        var d = LineProtocolDecoder()
        let out = d.feed(
            bytes(
                "rpm=2450 coolant=87.5,oil.pressure=3.2\r\n"
                    + "rpm=2460 coolant=87.5 oil.pressure=3.21*6D\n"
                    + "coolant=87.5 oil.temperature=92.0 rpm=2450\r\n"
                    + "coolant=87.5 oil.temperature=92.0 rpm=2460*0F\r\n"))
        XCTAssertEqual(out.count, 12)
        XCTAssertEqual(d.statistics.dropped, 0)
        XCTAssertEqual(
            XORChecksum.append(to: "coolant=87.5 oil.temperature=92.0 rpm=2460"),
            "coolant=87.5 oil.temperature=92.0 rpm=2460*0F")
    }
}
