/// A GPIO line as a board names it: its offset on the chip, or its name (`GPIO17`).
public enum GPIOLineName: Sendable, Equatable {
    case offset(UInt32)
    case name(String)

    public var description: String {
        switch self {
        case .offset(let n): return "\(n)"
        case .name(let s): return "\"\(s)\""
        }
    }
}

/// Why GPIO lines could not be had: one sentence naming the chip and line and what there
/// is instead (`gaugepanel run` exits 2, as for a missing display or serial line).
public struct GPIOError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Lines of one GPIO chip requested as outputs through the character device (uAPI v2):
/// held until `release()` — the kernel refuses them to anyone else meanwhile (EBUSY) —
/// inactive from the request on, and pulled towards inactive where the chip has pulls. The chip is found by path, kernel name or label,
/// each line by offset or name.
public final class GPIOOutputLines {
    public let chip: GPIOChipInfo
    public let path: String
    public let offsets: [UInt32]
    /// Whether the lines were requested with a pull towards their inactive level (the
    /// level a released line keeps where the chip then makes it an input: a Pi's).
    public private(set) var pulledInactive = false
    /// The logical values last set (bit i: line i; 1 is active).
    public private(set) var bits: UInt64 = 0
    private let calls: any GPIOSystemCalls
    private var request: Int32?

    private init(chip: GPIOChipInfo, path: String, offsets: [UInt32], request: Int32, calls: any GPIOSystemCalls) {
        self.chip = chip
        self.path = path
        self.offsets = offsets
        self.request = request
        self.calls = calls
    }

    /// Finds the chip and lines and requests them as outputs, inactive, under `consumer`.
    public static func open(
        chip spec: String, lines: [GPIOLineName], activeLow: Bool, consumer: String,
        calls: any GPIOSystemCalls, devices: String = "/dev"
    ) throws(GPIOError) -> GPIOOutputLines {
        let (path, fd, info) = try findChip(spec, calls: calls, devices: devices)
        defer { calls.close(fd) }
        var offsets: [UInt32] = []
        for line in lines { offsets.append(try findLine(line, chip: info, fd: fd, calls: calls)) }
        let request: (fd: Int32, pulled: Bool)
        do { request = try requestPulled(fd, offsets, activeLow: activeLow, consumer: consumer, calls: calls) } catch {
            throw requestFailed(error, offsets: offsets, chip: info, fd: fd, calls: calls)
        }
        let lines = GPIOOutputLines(chip: info, path: path, offsets: offsets, request: request.fd, calls: calls)
        lines.pulledInactive = request.pulled
        return lines
    }

    /// The request, pulled towards inactive; a chip without pulls may refuse the bias
    /// rather than ignore it, and is asked again without.
    static func requestPulled(
        _ fd: Int32, _ offsets: [UInt32], activeLow: Bool, consumer: String, calls: any GPIOSystemCalls
    ) throws(Errno) -> (fd: Int32, pulled: Bool) {
        do { return (try calls.requestOutputs(fd, lines: offsets, activeLow: activeLow, pullInactive: true, consumer: consumer), true) } catch {
            guard error == .invalidArgument || error == .notSupported else { throw error }
            return (try calls.requestOutputs(fd, lines: offsets, activeLow: activeLow, pullInactive: false, consumer: consumer), false)
        }
    }

    /// Sets the lines to `bits` (bit i: line i), only when they differ from what was set.
    public func set(_ new: UInt64) throws(Errno) {
        guard let request, new != bits else { return }
        try calls.setValues(request, bits: new, mask: Self.mask(offsets.count))
        bits = new
    }

    /// Every line inactive, then the request closed (the kernel keeps driving the last
    /// value it was given: inactive). Safe more than once.
    public func release() {
        guard let request else { return }
        try? calls.setValues(request, bits: 0, mask: Self.mask(offsets.count))
        bits = 0
        calls.close(request)
        self.request = nil
    }

    /// What a message calls the chip: `gpiochip0 [pinctrl-bcm2835]`.
    public var chipDescription: String { "\(chip.name) [\(chip.label)]" }

    static func mask(_ count: Int) -> UInt64 { count >= 64 ? ~0 : (UInt64(1) << UInt64(count)) &- 1 }

    // MARK: Finding the chip and the lines

    /// A path as given; `gpiochipN` under `devices`; else the chip whose label is `spec`
    /// (or, when exactly one label starts with it, that one).
    static func findChip(_ spec: String, calls: any GPIOSystemCalls, devices: String) throws(GPIOError) -> (String, Int32, GPIOChipInfo) {
        if spec.hasPrefix("/") || spec.hasPrefix("gpiochip") {
            let path = spec.hasPrefix("/") ? spec : devices + "/" + spec
            let fd: Int32
            do { fd = try calls.openChip(path) } catch {
                if error == .permissionDenied {
                    throw GPIOError("GPIO chip \(path): permission denied (the user needs read-write access: group gpio on Pi OS)")
                }
                throw GPIOError("GPIO chip \"\(spec)\" not found (\(path): \(error.message)); \(chipList(calls: calls, devices: devices))")
            }
            do { return (path, fd, try calls.chipInfo(fd)) } catch {
                calls.close(fd)
                throw GPIOError("\(path) is not a GPIO chip (\(error.message))")
            }
        }
        let chips = listChips(calls: calls, devices: devices)
        var match = chips.filter { $0.1.label == spec }
        if match.isEmpty { match = chips.filter { $0.1.label.hasPrefix(spec) } }
        guard match.count == 1 else {
            let why = match.isEmpty ? "not found" : "matches several chips' labels"
            throw GPIOError("GPIO chip \"\(spec)\" \(why); \(chipList(calls: calls, devices: devices))")
        }
        let (path, info) = match[0]
        do { return (path, try calls.openChip(path), info) } catch {
            throw GPIOError("GPIO chip \(path) [\(info.label)]: \(error.message)")
        }
    }

    /// Every chip under `devices` that opens, with what it says of itself.
    static func listChips(calls: any GPIOSystemCalls, devices: String) -> [(String, GPIOChipInfo)] {
        let names = (try? calls.listDirectory(devices)) ?? []
        var out: [(String, GPIOChipInfo)] = []
        for name in names where name.hasPrefix("gpiochip") {
            let path = devices + "/" + name
            guard let fd = try? calls.openChip(path) else { continue }
            if let info = try? calls.chipInfo(fd) { out.append((path, info)) }
            calls.close(fd)
        }
        return out
    }

    static func chipList(calls: any GPIOSystemCalls, devices: String) -> String {
        let chips = listChips(calls: calls, devices: devices)
        guard !chips.isEmpty else { return "there is no GPIO chip in \(devices) (none readable by this user)" }
        return "chips here: " + chips.map { "\($0.1.name) [\($0.1.label), \($0.1.lines) lines]" }.joined(separator: ", ")
    }

    static func findLine(_ line: GPIOLineName, chip: GPIOChipInfo, fd: Int32, calls: any GPIOSystemCalls) throws(GPIOError) -> UInt32 {
        switch line {
        case .offset(let n):
            guard n < chip.lines else {
                throw GPIOError("GPIO line \(n) is not on \(chip.name) [\(chip.label)]: it has lines 0…\(Int64(chip.lines) - 1)")
            }
            return n
        case .name(let name):
            var named: [String] = []
            for i in 0..<chip.lines {
                guard let info = try? calls.lineInfo(fd, line: i) else { continue }
                if info.name == name { return i }
                if !info.name.isEmpty { named.append(info.name) }
            }
            let shown = named.prefix(12).joined(separator: ", ") + (named.count > 12 ? ", …" : "")
            throw GPIOError(
                "no GPIO line named \"\(name)\" on \(chip.name) [\(chip.label)]; "
                    + (named.isEmpty ? "its lines have no names (give the line's number)" : "its lines: \(shown)"))
        }
    }

    /// EBUSY names the line and who holds it, when the kernel says (its consumer).
    static func requestFailed(_ error: Errno, offsets: [UInt32], chip: GPIOChipInfo, fd: Int32, calls: any GPIOSystemCalls) -> GPIOError {
        let where_ = "\(chip.name) [\(chip.label)]"
        guard error == .resourceBusy else {
            return GPIOError("cannot request GPIO line(s) \(offsets.map { "\($0)" }.joined(separator: ", ")) of \(where_): \(error.message)")
        }
        for n in offsets {
            guard let info = try? calls.lineInfo(fd, line: n), info.used else { continue }
            let name = info.name.isEmpty ? "" : " (\(info.name))"
            let who = info.consumer.isEmpty ? "another user (the kernel does not say who)" : "\"\(info.consumer)\""
            return GPIOError("GPIO line \(n)\(name) of \(where_) is busy: held by \(who); stop it or pick another line")
        }
        return GPIOError("GPIO line(s) of \(where_) are busy (EBUSY): another process or a kernel driver holds them")
    }
}
