import CPanelSystem

/// What a PCM device agreed to (SNDRV_PCM_IOCTL_HW_PARAMS): S16_LE interleaved frames.
public struct PCMHardware: Sendable, Equatable {
    public var rate: UInt32
    public var channels: UInt32
    public var periodFrames: UInt32
    public var bufferFrames: UInt32

    public init(rate: UInt32, channels: UInt32, periodFrames: UInt32, bufferFrames: UInt32) {
        self.rate = rate
        self.channels = channels
        self.periodFrames = periodFrames
        self.bufferFrames = bufferFrames
    }
}

/// The kernel's PCM interface for playback (the ioctls tinyalsa makes; no libasound), behind
/// one protocol so tests substitute it; `LinuxPCMSystemCalls` makes the ioctls
/// (CPanelSystem). Class-bound (through `PanelSystem`) for Embedded Swift's `any`.
public protocol PCMSystemCalls: PanelSystem {
    /// open(2) of a playback device (/dev/snd/pcmC0D0p), write-only, non-blocking, close-on-exec.
    func openPCM(_ path: String) throws(Errno) -> Int32
    /// S16_LE interleaved at `rate`, 1 or 2 channels, a period of 20…40 ms (the shortest the
    /// device takes: 20 ms where it can), 4 periods.
    func setHardware(_ fd: Int32, rate: UInt32) throws(Errno) -> PCMHardware
    /// Started at the first period written, stopped by an underrun.
    func setSoftware(_ fd: Int32, _ hardware: PCMHardware) throws(Errno)
    func prepare(_ fd: Int32) throws(Errno)
    /// Stops at once, discarding what is queued.
    func drop(_ fd: Int32) throws(Errno)
    /// Up to `frames` interleaved frames from `samples`; the frames taken. EAGAIN: the buffer
    /// is full; EPIPE: it ran empty (an underrun: prepare again).
    func writeFrames(_ fd: Int32, _ samples: [Int16], frames: UInt32) throws(Errno) -> UInt32
}

/// `PCMSystemCalls` on Linux: the ioctls of CPanelSystem.
public final class LinuxPCMSystemCalls: LinuxSystem, PCMSystemCalls, @unchecked Sendable {
    public static let pcm = LinuxPCMSystemCalls()

    public func openPCM(_ path: String) throws(Errno) -> Int32 {
        try SystemCall.open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
    }

    public func setHardware(_ fd: Int32, rate: UInt32) throws(Errno) -> PCMHardware {
        var out: [UInt32] = [0, 0, 0, 0]
        _ = try SystemCall.retrying { csystem_pcm_hw_params(fd, rate, 1, 2, rate / 50, rate / 25, 4, &out) }
        return PCMHardware(rate: out[0], channels: out[1], periodFrames: out[2], bufferFrames: out[3])
    }

    public func setSoftware(_ fd: Int32, _ hardware: PCMHardware) throws(Errno) {
        _ = try SystemCall.retrying {
            csystem_pcm_sw_params(fd, hardware.periodFrames, hardware.bufferFrames, hardware.periodFrames)
        }
    }

    public func prepare(_ fd: Int32) throws(Errno) { _ = try SystemCall.retrying { csystem_pcm_prepare(fd) } }

    public func drop(_ fd: Int32) throws(Errno) { _ = try SystemCall.retrying { csystem_pcm_drop(fd) } }

    public func writeFrames(_ fd: Int32, _ samples: [Int16], frames: UInt32) throws(Errno) -> UInt32 {
        let n = try SystemCall.retrying { csystem_pcm_write(fd, samples, UInt(frames)) }
        return UInt32(truncatingIfNeeded: n)
    }
}
