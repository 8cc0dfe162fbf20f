/// Why a sound device could not be had: one line naming it and the fix.
public struct SoundError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A PCM playback device opened through the kernel's interface (no libasound): S16_LE
/// interleaved at 48000 Hz (else 44100), 1 or 2 channels as the device prefers, periods of
/// 20 ms (up to 40 where the device needs), 4 of them; written without blocking, an underrun prepared again and counted.
public final class PCMOutput {
    public let path: String
    public let hardware: PCMHardware
    public let fd: Int32
    /// Underruns met (the buffer ran empty: EPIPE) and recovered by PREPARE.
    public private(set) var underruns: UInt32 = 0
    private let calls: any PCMSystemCalls

    init(path: String, hardware: PCMHardware, fd: Int32, calls: any PCMSystemCalls) {
        self.path = path
        self.hardware = hardware
        self.fd = fd
        self.calls = calls
    }

    /// The device node a `sound` setting names: "default" is hw:0,0; "hw:CARD,DEV" (CARD a
    /// number or a card's id, as /proc/asound/cards lists them; DEV 0 when left out); an
    /// absolute path as it is. (Bytes, not Characters: the firmware stays small.)
    public static func path(for device: String, system: any PanelSystem) throws(SoundError) -> String {
        if device.hasPrefix("/") { return device }
        let b = Array((device == "default" ? "hw:0,0" : device).utf8)
        guard b.count > 3, b[0] == 0x68, b[1] == 0x77, b[2] == 0x3A else {  // "hw:"
            throw SoundError("sound \"\(device)\": expected \"default\", \"hw:CARD,DEV\" or a path like /dev/snd/pcmC0D0p")
        }
        let comma = b.firstIndex(of: 0x2C) ?? b.count
        let card = Array(b[3..<comma])
        guard let dev = comma < b.count ? number(Array(b[(comma + 1)...])) : 0, !card.isEmpty else {
            throw SoundError("sound \"\(device)\": expected \"hw:CARD,DEV\" (DEV a number)")
        }
        let n: UInt32
        if let c = number(card) { n = c } else { n = try cardNumber(card, system: system) }
        return "/dev/snd/pcmC\(n)D\(dev)p"
    }

    /// Decimal digits (at most 4) as a number.
    static func number(_ digits: [UInt8]) -> UInt32? {
        guard !digits.isEmpty, digits.count <= 4 else { return nil }
        var n: UInt32 = 0
        for d in digits {
            guard d >= 0x30 && d <= 0x39 else { return nil }
            n = n * 10 + UInt32(d - 0x30)
        }
        return n
    }

    /// The number of the card whose id is `id` (" 1 [Loopback       ]: ..." in /proc/asound/cards).
    static func cardNumber(_ id: [UInt8], system: any PanelSystem) throws(SoundError) -> UInt32 {
        let name = String(decoding: id, as: UTF8.self)
        let bytes: [UInt8]
        do { bytes = try system.readFile("/proc/asound/cards", limit: 65536) } catch {
            throw SoundError("sound card \"\(name)\" not found: no sound card (no /proc/asound/cards: is a sound driver loaded?)")
        }
        var ids = "", at = 0
        while at < bytes.count {
            let end = bytes[at...].firstIndex(of: 0x0A) ?? bytes.count
            let line = Array(bytes[at..<end].filter { $0 != 0x20 })  // "1[Loopback]:Loopback-Loopback"
            at = end + 1
            guard let open = line.firstIndex(of: 0x5B), let close = line.firstIndex(of: 0x5D), open < close,
                let n = number(Array(line[..<open]))
            else { continue }
            let card = Array(line[(open + 1)..<close])
            if card == id { return n }
            ids += (ids.isEmpty ? "cards " : ", ") + String(decoding: card, as: UTF8.self)
        }
        throw SoundError("sound card \"\(name)\" not found (\(ids.isEmpty ? "no sound card" : ids); `aplay -l` lists them)")
    }

    /// Opens and configures `path` for playback: 48000 Hz, else 44100 Hz.
    public static func open(_ path: String, calls: any PCMSystemCalls) throws(SoundError) -> PCMOutput {
        let fd: Int32
        do { fd = try calls.openPCM(path) } catch {
            let fix =
                error == .noSuchFileOrDirectory
                ? "no such device (is the sound driver loaded? `aplay -l` lists the cards)"
                : error == .permissionDenied ? "\(error.message) (add the user to the audio group)" : error.description
            throw SoundError("sound: cannot open \(path): \(fix)")
        }
        var lastError = Errno.invalidArgument
        for rate: UInt32 in [48000, 44100] {
            do throws(Errno) {
                let hw = try calls.setHardware(fd, rate: rate)
                guard hw.channels >= 1 && hw.channels <= 2, hw.periodFrames > 0, hw.bufferFrames >= hw.periodFrames, hw.rate > 0 else {
                    throw .invalidArgument
                }
                try calls.setSoftware(fd, hw)
                try calls.prepare(fd)
                return PCMOutput(path: path, hardware: hw, fd: fd, calls: calls)
            } catch { lastError = error }
        }
        calls.close(fd)
        throw SoundError("sound: \(path) takes neither 48000 nor 44100 Hz, 16-bit, 1 or 2 channels: \(lastError.description)")
    }

    /// Writes what it can of `frames` frames of `samples` (interleaved, `hardware.channels`
    /// each); the frames taken (0: the buffer is full). An underrun is prepared again and
    /// the write retried once.
    public func write(_ samples: [Int16], frames: UInt32) throws(Errno) -> UInt32 {
        do { return try calls.writeFrames(fd, samples, frames: frames) } catch {
            if error.meansTryLater { return 0 }
            guard error == .brokenPipe else { throw error }
            underruns &+= 1
            try calls.prepare(fd)
            do { return try calls.writeFrames(fd, samples, frames: frames) } catch {
                if error.meansTryLater { return 0 }
                throw error
            }
        }
    }

    /// Silent at once: what is queued is discarded; ready for the next sound.
    public func stop() {
        _ = try? calls.drop(fd)
        _ = try? calls.prepare(fd)
    }

    public func close() {
        stop()
        calls.close(fd)
    }
}
