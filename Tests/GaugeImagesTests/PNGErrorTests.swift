@testable import GaugeImages
import GaugeRaster
import Testing

@Suite struct PNGErrorTests {
    static let valid = try! PNG.encode(TestImages.drawn(.xrgb8888, width: 13, height: 7))

    func decodeError(_ bytes: [UInt8]) -> PNGError? {
        do {
            _ = try PNG.decode(bytes)
            return nil
        } catch { return error }
    }

    @Test func rejectsBadSignature() {
        var bytes = Self.valid
        bytes[1] = 0x51  // "Q" instead of "P"
        #expect(decodeError(bytes) == .badSignature)
        #expect(decodeError(Array("P6\n1 1\n255\n".utf8) + [0, 0, 0]) == .badSignature)
        #expect(decodeError([0x42]) == .badSignature)
    }

    @Test func rejectsEveryTruncation() {
        for length in 0..<Self.valid.count {
            #expect(decodeError(Array(Self.valid.prefix(length))) == .truncated, "prefix of \(length) bytes")
        }
    }

    @Test func rejectsCorruptedCRC() {
        for chunk in TestImages.chunks(Self.valid) {
            var bytes = Self.valid
            bytes[chunk.data.upperBound + 2] ^= 0x10
            #expect(decodeError(bytes) == .badCRC(chunk: chunk.name))
        }
    }

    @Test func rejectsCorruptedDataWithBadCRC() {
        let idat = TestImages.chunks(Self.valid).first { $0.name == "IDAT" }!
        var bytes = Self.valid
        bytes[idat.data.lowerBound + 5] ^= 0xFF
        #expect(decodeError(bytes) == .badCRC(chunk: "IDAT"))
    }

    @Test func rejectsUnsupportedImages() {
        let row: [UInt8] = [0, 1, 2, 3]
        #expect(decodeError(TestImages.png(width: 1, height: 1, colorType: 3, raw: [0, 0])) == .unsupportedColorType(3))
        #expect(decodeError(TestImages.png(width: 1, height: 1, colorType: 0, raw: [0, 0])) == .unsupportedColorType(0))
        #expect(decodeError(TestImages.png(width: 1, height: 1, depth: 16, raw: row + row.dropFirst())) == .unsupportedBitDepth(16))
        #expect(decodeError(TestImages.png(width: 1, height: 1, interlace: 1, raw: row)) == .unsupportedInterlace)
    }

    @Test func rejectsInvalidFilterAndWrongDataLength() throws {
        #expect(decodeError(TestImages.png(width: 1, height: 2, raw: [0, 1, 2, 3, 5, 1, 2, 3])) == .invalidFilterType(5, row: 1))
        #expect(decodeError(TestImages.png(width: 1, height: 2, raw: [0, 1, 2, 3])) == .truncated)
        #expect(decodeError(TestImages.png(width: 1, height: 1, raw: [0, 1, 2, 3, 0])) == .excessImageData)
        #expect(try PNG.decode(TestImages.png(width: 1, height: 1, raw: [0, 1, 2, 3])).pixels == [1, 2, 3])
    }

    @Test func rejectsHugeDimensionsWithoutAllocating() {
        #expect(decodeError(TestImages.png(width: 100_000, height: 100_000, raw: [0])) == .imageTooLarge(width: 100_000, height: 100_000))
        #expect(decodeError(TestImages.png(width: 0, height: 1, raw: [0])) == .invalidHeader("dimensions 0x1"))
    }

    @Test func rejectsMissingImageDataAndBadOrder() {
        var noData = PNG.signature
        PNG.appendChunk("IHDR", Array(Self.valid[16..<29]), to: &noData)
        PNG.appendChunk("IEND", [], to: &noData)
        #expect(decodeError(noData) == .missingImageData)

        var noHeader = PNG.signature
        PNG.appendChunk("IEND", [], to: &noHeader)
        #expect(decodeError(noHeader) == .invalidHeader("first chunk is IEND, not IHDR"))

        var critical = Array(Self.valid.prefix(33))
        PNG.appendChunk("ABCD", [1, 2], to: &critical)
        critical += Self.valid.dropFirst(33)
        #expect(decodeError(critical) == .unsupportedChunk("ABCD"))

        var ancillary = Array(Self.valid.prefix(33))
        PNG.appendChunk("abCD", [1, 2], to: &ancillary)
        ancillary += Self.valid.dropFirst(33)
        #expect(decodeError(ancillary) == nil)
    }

    @Test func descriptionsAreReadable() {
        #expect(PNGError.badCRC(chunk: "IDAT").description == "CRC mismatch in IDAT chunk")
        #expect(PNGError.unsupportedColorType(3).description.contains("palette"))
    }
}
