/// What a decoder saw and what it dropped, and why. Shared by all decoders; a field
/// that does not apply to a protocol stays zero.
public struct DecoderStatistics: Sendable, Equatable {
    /// Bytes fed.
    public var bytes: UInt64 = 0
    /// Complete lines/sentences/responses that produced data.
    public var accepted: UInt64 = 0
    /// Samples emitted.
    public var samples: UInt64 = 0
    /// Checksum present but wrong, or malformed (`*` without two hex digits).
    public var badChecksum: UInt64 = 0
    /// Lines longer than the limit (dropped whole).
    public var overlong: UInt64 = 0
    /// Lines/fields that do not follow the grammar (bad name, junk number...).
    public var unparsable: UInt64 = 0
    /// Well-formed NMEA sentences of a type this decoder does not map.
    public var unknownSentence: UInt64 = 0
    /// Sentences whose status field says the data is invalid (NMEA `V`).
    public var invalidStatus: UInt64 = 0
    /// Bytes outside any sentence (NMEA noise between sentences).
    public var framingBytes: UInt64 = 0
    /// Empty lines (not an error, counted for diagnostics).
    public var emptyLines: UInt64 = 0

    public init() {}

    /// Everything dropped for a reason that points at a bad link or a bad sender.
    public var dropped: UInt64 { badChecksum + overlong + unparsable + invalidStatus }
}
