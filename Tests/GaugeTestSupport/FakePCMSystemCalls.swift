import GaugeSystem

/// An in-memory PCM playback device: devices by path with the rates they take; a buffer
/// of `hardware.bufferFrames` that writes fill (EAGAIN when full) and `play(frames:)`
/// empties into `played` (the samples heard, first channel); an underrun when `play` finds
/// the buffer empty while running (the next write fails with EPIPE until PREPARE).
public final class FakePCMSystemCalls: FakePanelSystem, PCMSystemCalls, @unchecked Sendable {
    /// The devices there are: path → the rates they take.
    public var devices: [String: [UInt32]] = [:]
    /// What a device agrees to (its rate set from the request).
    public var hardware = PCMHardware(rate: 48000, channels: 1, periodFrames: 960, bufferFrames: 3840)
    public var openErrno: Errno?
    /// Frames queued, interleaved.
    public private(set) var queued: [Int16] = []
    /// What was heard, first channel, a frame for each frame of time passed.
    public private(set) var played: [Int16] = []
    public private(set) var prepares = 0
    public private(set) var drops = 0
    public private(set) var running = false
    public private(set) var xrun = false
    public private(set) var openFD: Int32?
    public private(set) var calls: [String] = []

    public func openPCM(_ path: String) throws(Errno) -> Int32 {
        if let e = openErrno { throw e }
        guard devices[path] != nil else { throw .noSuchFileOrDirectory }
        openFD = 40
        return 40
    }

    public func setHardware(_ fd: Int32, rate: UInt32) throws(Errno) -> PCMHardware {
        calls.append("hw \(rate)")
        guard let rates = devices.values.first, rates.contains(rate) else { throw .invalidArgument }
        hardware.rate = rate
        return hardware
    }

    public func setSoftware(_ fd: Int32, _ hardware: PCMHardware) throws(Errno) { calls.append("sw") }

    public func prepare(_ fd: Int32) throws(Errno) {
        prepares += 1
        xrun = false
        running = false
        queued = []
    }

    public func drop(_ fd: Int32) throws(Errno) {
        drops += 1
        running = false
        queued = []
    }

    public func writeFrames(_ fd: Int32, _ samples: [Int16], frames: UInt32) throws(Errno) -> UInt32 {
        if xrun { throw .brokenPipe }
        let ch = Int(hardware.channels)
        let room = Int(hardware.bufferFrames) - queued.count / ch
        guard room > 0 else { throw .resourceTemporarilyUnavailable }
        let n = min(room, Int(frames), samples.count / ch)
        queued += samples[0..<(n * ch)]
        if queued.count / ch >= Int(hardware.periodFrames) { running = true }
        return UInt32(n)
    }

    /// `frames` frames of time pass: a running device plays them (silence where nothing is
    /// queued: an underrun); a stopped one adds silence to `played`.
    public func play(frames: Int) {
        guard running else {
            played += [Int16](repeating: 0, count: frames)
            return
        }
        let ch = Int(hardware.channels)
        let n = min(frames, queued.count / ch)
        for i in 0..<n { played.append(queued[i * ch]) }
        queued.removeFirst(n * ch)
        if n < frames {
            played += [Int16](repeating: 0, count: frames - n)
            xrun = true
            running = false
        }
    }

    /// Frames the buffer has room for.
    public var room: Int { Int(hardware.bufferFrames) - queued.count / Int(hardware.channels) }
}
