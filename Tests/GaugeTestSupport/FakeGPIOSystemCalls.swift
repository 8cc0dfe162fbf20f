import GaugeSystem

/// An in-memory GPIO character device: chips by path with their lines; requests are
/// recorded with the values set through them, and a line someone else holds answers EBUSY.
public final class FakeGPIOSystemCalls: FakePanelSystem, GPIOSystemCalls, @unchecked Sendable {
    public struct Chip {
        public var info: GPIOChipInfo
        public var lines: [GPIOLineInfo]
        public init(_ info: GPIOChipInfo, lines: [GPIOLineInfo]) {
            self.info = info
            self.lines = lines
        }
    }

    public struct Request: Equatable {
        public var path: String
        public var offsets: [UInt32]
        public var activeLow: Bool
        public var pulled: Bool
        public var consumer: String
        /// Every value set, the request's first (all inactive) included.
        public var values: [UInt64]
    }

    public var chips: [String: Chip] = [:]
    /// Descriptor → chip path, for the chips opened.
    public var open: [Int32: String] = [:]
    public var requests: [Int32: Request] = [:]
    /// The chips (by path) with pulls; the others refuse a bias with EINVAL, as some drivers do.
    public var pulls: Set<String> = []
    private var nextFD: Int32 = 100

    public func addChip(_ path: String, _ info: GPIOChipInfo, names: [String] = []) {
        let lines = (0..<Int(info.lines)).map { GPIOLineInfo(name: $0 < names.count ? names[$0] : "") }
        chips[path] = Chip(info, lines: lines)
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        directories[folder, default: []].append(String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...]))
    }

    public func openChip(_ path: String) throws(Errno) -> Int32 {
        guard chips[path] != nil else { throw .noSuchFileOrDirectory }
        nextFD += 1
        open[nextFD] = path
        return nextFD
    }

    public func chipInfo(_ fd: Int32) throws(Errno) -> GPIOChipInfo {
        guard let path = open[fd], let chip = chips[path] else { throw .inappropriateIOCTLForDevice }
        return chip.info
    }

    public func lineInfo(_ fd: Int32, line: UInt32) throws(Errno) -> GPIOLineInfo {
        guard let path = open[fd], let chip = chips[path], Int(line) < chip.lines.count else { throw .invalidArgument }
        return chip.lines[Int(line)]
    }

    public func requestOutputs(_ fd: Int32, lines: [UInt32], activeLow: Bool, pullInactive: Bool, consumer: String) throws(Errno) -> Int32 {
        guard let path = open[fd], var chip = chips[path] else { throw .badFileDescriptor }
        if pullInactive && !pulls.contains(path) { throw .invalidArgument }
        guard lines.allSatisfy({ !chip.lines[Int($0)].used }) else { throw .resourceBusy }
        for l in lines {
            chip.lines[Int(l)].used = true
            chip.lines[Int(l)].consumer = consumer
        }
        chips[path] = chip
        nextFD += 1
        requests[nextFD] = Request(path: path, offsets: lines, activeLow: activeLow, pulled: pullInactive, consumer: consumer, values: [0])
        return nextFD
    }

    public func setValues(_ request: Int32, bits: UInt64, mask: UInt64) throws(Errno) {
        guard var r = requests[request] else { throw .badFileDescriptor }
        r.values.append(bits & mask)
        requests[request] = r
    }

    /// Closing a request frees its lines, as the kernel does.
    public override func close(_ fd: Int32) {
        super.close(fd)
        open[fd] = nil
        guard let r = requests[fd] else { return }
        for l in r.offsets {
            chips[r.path]?.lines[Int(l)].used = false
            chips[r.path]?.lines[Int(l)].consumer = ""
        }
    }
}
