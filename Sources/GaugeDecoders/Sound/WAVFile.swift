/// Why a WAV file cannot be played: what is wrong with it, in words.
public struct WAVError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// A RIFF WAVE file of 16-bit PCM, mono or stereo (an alarm's own sound). Every field of
/// the header is checked before use: a file cut short, a chunk larger than the file, an
/// encoding other than 16-bit PCM is an error, never a trap.
public struct WAVFile: Sendable, Equatable {
    /// Frames a second, 8000…192000.
    public var rate: UInt32
    /// 1 or 2.
    public var channels: UInt32
    /// Interleaved samples (`channels` a frame).
    public var samples: [Int16]

    /// The frames it holds.
    public var frames: Int { samples.count / Int(channels) }

    public init(rate: UInt32, channels: UInt32, samples: [Int16]) {
        self.rate = rate
        self.channels = channels
        self.samples = samples
    }

    /// The most a file may hold: 60 s of 48 kHz stereo.
    public static let maxDataBytes = 60 * 48_000 * 4

    public static func parse(_ bytes: [UInt8]) throws(WAVError) -> WAVFile {
        guard bytes.count >= 12, le32(bytes, 0) == riff, le32(bytes, 8) == wave else {
            throw WAVError("not a WAV file (no RIFF/WAVE header)")
        }
        var at = 12
        var format: (rate: UInt32, channels: UInt32)?
        while at + 8 <= bytes.count {
            let id = le32(bytes, at)
            let declared = le32(bytes, at + 4)
            let body = at + 8
            // Compared as UInt64 first: a 32-bit size may not fit armv7's Int.
            guard UInt64(declared) <= UInt64(bytes.count - body) else {
                if id == data, let f = format { return try samples(f, bytes, body, bytes.count - body) }
                throw WAVError("a chunk is larger than the file (cut short?)")
            }
            let size = Int(declared)
            if id == fmt {
                format = try readFormat(bytes, body, size)
            } else if id == data {
                guard let f = format else { throw WAVError("the data chunk comes before the fmt chunk") }
                return try samples(f, bytes, body, size)
            }
            at = body + size + (size & 1)
        }
        throw WAVError(format == nil ? "no fmt chunk" : "no data chunk")
    }

    private static func readFormat(_ bytes: [UInt8], _ at: Int, _ size: Int) throws(WAVError) -> (UInt32, UInt32) {
        guard size >= 16 else { throw WAVError("the fmt chunk is too short (\(size) bytes)") }
        var encoding = le16(bytes, at)
        let channels = UInt32(le16(bytes, at + 2))
        let rate = le32(bytes, at + 4)
        let blockAlign = le16(bytes, at + 12)
        let bits = le16(bytes, at + 14)
        // WAVE_FORMAT_EXTENSIBLE: the encoding is the sub-format GUID's first two bytes.
        if encoding == 0xFFFE, size >= 26 { encoding = le16(bytes, at + 24) }
        guard encoding == 1, bits == 16, channels == 1 || channels == 2, rate >= 8000 && rate <= 192_000, UInt32(blockAlign) == channels * 2
        else {
            throw WAVError(
                "encoding \(encoding), \(bits)-bit, \(channels) channel(s), \(rate) Hz, \(blockAlign) bytes a frame: expected 16-bit PCM (encoding 1), mono or stereo, 8000…192000 Hz"
            )
        }
        return (rate, channels)
    }

    private static func samples(_ format: (rate: UInt32, channels: UInt32), _ bytes: [UInt8], _ at: Int, _ size: Int) throws(WAVError) -> WAVFile {
        guard size <= maxDataBytes else { throw WAVError("\(size) bytes of samples (at most \(maxDataBytes): 60 s)") }
        let frameBytes = Int(format.channels) * 2
        let count = size / frameBytes * Int(format.channels)
        guard count > 0 else { throw WAVError("no samples") }
        var samples = [Int16](repeating: 0, count: count)
        for i in 0..<count { samples[i] = Int16(bitPattern: le16(bytes, at + 2 * i)) }
        return WAVFile(rate: format.rate, channels: format.channels, samples: samples)
    }

    // The chunk ids as little-endian words.
    private static let riff: UInt32 = 0x4646_4952, wave: UInt32 = 0x4556_4157, fmt: UInt32 = 0x2074_6D66, data: UInt32 = 0x6174_6164

    private static func le16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) | UInt16(b[at + 1]) << 8 }

    private static func le32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }
}
