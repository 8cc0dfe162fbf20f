import GaugeSystem

/// The process's own CPU time and memory, for the statistics line.
public enum ProcessUsage {
    /// User plus system CPU seconds so far.
    public static func cpuSeconds(system: any LoopSystemCalls = LinuxLoopSystemCalls.shared) -> Double {
        let microseconds = system.processCPUMicroseconds()
        return microseconds < 0 ? 0 : Double(microseconds) / 1e6
    }

    /// Resident set size now (not the peak), from /proc/self/statm.
    public static func residentKilobytes(system: any LoopSystemCalls = LinuxLoopSystemCalls.shared) -> Int64 {
        // "size resident shared text lib data dt", in pages, one line.
        guard let bytes = try? system.readFile("/proc/self/statm", limit: 127) else { return 0 }
        let line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        let fields = String(decoding: line, as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, Int(fields[0]) != nil, let resident = Int64(fields[1]) else { return 0 }
        return resident * system.pageSize() / 1024
    }
}
