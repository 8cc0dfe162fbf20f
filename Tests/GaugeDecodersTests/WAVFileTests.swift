import GaugeDecoders
import GaugeTestSupport
import Testing

/// WAV files: 16-bit PCM mono and stereo read; every other encoding, a header cut short or
/// lying about its sizes refused with words, never a trap (also on random bytes).
@Suite struct WAVFileTests {
    /// A RIFF WAVE file: `fmt` (PCM unless `encoding`), then `data` of `samples`.
    static func wav(rate: UInt32 = 48000, channels: UInt16 = 1, bits: UInt16 = 16, encoding: UInt16 = 1, samples: [Int16]) -> [UInt8] {
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
        let data = samples.flatMap { le16(UInt16(bitPattern: $0)) }
        let fmt = le16(encoding) + le16(channels) + le32(rate) + le32(rate * UInt32(channels) * 2) + le16(channels * 2) + le16(bits)
        let body = Array("WAVE".utf8) + Array("fmt ".utf8) + le32(16) + fmt + Array("data".utf8) + le32(UInt32(data.count)) + data
        return Array("RIFF".utf8) + le32(UInt32(body.count)) + body
    }

    @Test func monoAndStereoAreRead() throws {
        let mono = try WAVFile.parse(Self.wav(rate: 22050, samples: [0, 1000, -1000, 32767, -32768]))
        #expect(mono == WAVFile(rate: 22050, channels: 1, samples: [0, 1000, -1000, 32767, -32768]))
        let stereo = try WAVFile.parse(Self.wav(rate: 44100, channels: 2, samples: [1, 2, 3, 4]))
        #expect(stereo.channels == 2 && stereo.frames == 2 && stereo.samples == [1, 2, 3, 4])
    }

    @Test func chunksBeforeTheDataAreSkipped() throws {
        var bytes = Self.wav(samples: [5, 6])
        // A LIST chunk of odd length (padded) between fmt and data.
        let list = Array("LIST".utf8) + [3, 0, 0, 0, 65, 66, 67, 0]
        bytes.insert(contentsOf: list, at: 36)
        #expect(try WAVFile.parse(bytes).samples == [5, 6])
    }

    @Test func whatCannotBePlayedIsSaid() {
        func message(_ bytes: [UInt8]) -> String? {
            do {
                _ = try WAVFile.parse(bytes)
                return nil
            } catch { return error.message }
        }
        #expect(message(Array("hello".utf8)) == "not a WAV file (no RIFF/WAVE header)")
        let expected = "expected 16-bit PCM (encoding 1), mono or stereo, 8000…192000 Hz"
        #expect(message(Self.wav(bits: 8, samples: [1])) == "encoding 1, 8-bit, 1 channel(s), 48000 Hz, 2 bytes a frame: " + expected)
        #expect(message(Self.wav(encoding: 3, samples: [1])) == "encoding 3, 16-bit, 1 channel(s), 48000 Hz, 2 bytes a frame: " + expected)
        #expect(message(Self.wav(channels: 6, samples: [1])) == "encoding 1, 16-bit, 6 channel(s), 48000 Hz, 12 bytes a frame: " + expected)
        #expect(message(Self.wav(rate: 4000, samples: [1])) == "encoding 1, 16-bit, 1 channel(s), 4000 Hz, 2 bytes a frame: " + expected)
        #expect(message(Self.wav(samples: [])) == "no samples")
        #expect(message(Array(Self.wav(samples: [1]).prefix(30))) == "a chunk is larger than the file (cut short?)")
        #expect(message(Array(Self.wav(samples: [1]).prefix(36))) == "no data chunk")
    }

    @Test func aDataChunkCutShortKeepsWhatIsThere() throws {
        let bytes = Self.wav(samples: [7, 8, 9])
        #expect(try WAVFile.parse(Array(bytes.dropLast(3))).samples == [7])
    }

    /// Random and mangled headers: an error or a file whose fields hold, never a trap.
    @Test func garbageNeverTraps() {
        var rng = SplitMix(seed: 42)
        let good = Self.wav(channels: 2, samples: [1, 2, 3, 4, 5, 6])
        for _ in 0..<20_000 {
            var bytes = good
            for _ in 0..<Int(rng.next() % 6) { bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next()) }
            if rng.next() % 4 == 0 { bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count + 1)))) }
            if let w = try? WAVFile.parse(bytes) {
                #expect(w.channels == 1 || w.channels == 2)
                #expect(w.samples.count % Int(w.channels) == 0 && w.frames > 0)
            }
        }
    }
}
