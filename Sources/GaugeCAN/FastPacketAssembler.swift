/// NMEA 2000 fast-packet reassembly: messages of up to 223 bytes in a run of frames.
///
/// Every frame's first byte is a 3-bit sequence counter (shared by the run) and a 5-bit
/// frame counter. Frame 0 carries the total length in byte 1 and 6 data bytes; frames
/// 1…31 carry 7 each. Runs are kept per (source, PGN), so senders may interleave; a
/// frame out of order drops its run, and a new frame 0 replaces an unfinished one.
public struct FastPacketAssembler: Sendable {
    public static let maxLength = 223
    /// Runs in progress at once; a new run beyond this drops the oldest.
    public static let maxRuns = 16

    struct Run: Sendable {
        var source: UInt8
        var pgn: UInt32
        var sequence: UInt8
        var nextFrame: UInt8
        var length: Int32
        var data: [UInt8]
    }

    public private(set) var statistics = FastPacketStatistics()
    /// Oldest first.
    var runs: [Run] = []

    public init() {}

    public var runsInProgress: Int32 { Int32(runs.count) }

    /// Adds one frame of a fast-packet PGN; returns the message when this frame completes it.
    public mutating func add(_ header: NMEA2000Header, _ data: [UInt8]) -> [UInt8]? {
        statistics.frames &+= 1
        guard let first = data.first else {
            statistics.malformed &+= 1
            return nil
        }
        let sequence = first >> 5
        let counter = first & 0x1F
        let index = runs.firstIndex { $0.source == header.source && $0.pgn == header.pgn }
        if counter == 0 {
            guard data.count >= 2, data[1] >= 1, Int(data[1]) <= Self.maxLength else {
                statistics.malformed &+= 1
                return nil
            }
            if let index {
                statistics.abandoned &+= 1
                runs.remove(at: index)
            }
            let length = Int32(data[1])
            let payload = Array(data.dropFirst(2).prefix(Int(length)))
            if Int32(payload.count) == length {
                statistics.messages &+= 1
                return payload
            }
            if runs.count >= Self.maxRuns {
                runs.removeFirst()
                statistics.abandoned &+= 1
            }
            runs.append(
                Run(
                    source: header.source, pgn: header.pgn, sequence: sequence, nextFrame: 1,
                    length: length, data: payload))
            return nil
        }
        guard let index else {
            statistics.orphans &+= 1
            return nil
        }
        guard runs[index].sequence == sequence, runs[index].nextFrame == counter else {
            statistics.outOfOrder &+= 1
            runs.remove(at: index)
            return nil
        }
        let missing = Int(runs[index].length) - runs[index].data.count
        runs[index].data.append(contentsOf: data.dropFirst().prefix(missing))
        runs[index].nextFrame = counter &+ 1
        if runs[index].data.count == Int(runs[index].length) {
            let message = runs[index].data
            runs.remove(at: index)
            statistics.messages &+= 1
            return message
        }
        if counter == 31 {
            // 6 + 31 × 7 bytes hold 223: a run still short here has lost data.
            statistics.malformed &+= 1
            runs.remove(at: index)
        }
        return nil
    }

    /// Forgets every run in progress (e.g. after the bus was reopened).
    public mutating func reset() {
        runs.removeAll()
    }
}

public struct FastPacketStatistics: Sendable, Equatable {
    public var frames: UInt64 = 0
    public var messages: UInt64 = 0
    /// A frame of a run that was never started (its frame 0 was missed).
    public var orphans: UInt64 = 0
    /// A frame with the wrong sequence or frame counter: its run is dropped.
    public var outOfOrder: UInt64 = 0
    /// Runs replaced by a new frame 0, or pushed out by too many runs at once.
    public var abandoned: UInt64 = 0
    public var malformed: UInt64 = 0

    public init() {}
}
