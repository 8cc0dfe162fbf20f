/// What a path names (stat(2)'s file type, reduced to what the panel asks).
public enum FileKind: Hashable, Sendable { case regular, directory, other }

/// Readiness conditions of a file descriptor (the poll(2) bits, without libc types).
public struct FileEvents: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let readable = FileEvents(rawValue: 1 << 0)
    public static let writable = FileEvents(rawValue: 1 << 1)
    /// Also set when a peer closed (pipe without writers, unplugged serial adapter).
    public static let hangup = FileEvents(rawValue: 1 << 2)
    public static let error = FileEvents(rawValue: 1 << 3)
    /// The descriptor is not open: the loop drops its registration.
    public static let invalid = FileEvents(rawValue: 1 << 4)
    /// DRM page-flip events and some sensors signal priority data.
    public static let priority = FileEvents(rawValue: 1 << 5)

    public var description: String {
        let names: [(FileEvents, String)] = [
            (.readable, "readable"), (.writable, "writable"), (.hangup, "hangup"),
            (.error, "error"), (.invalid, "invalid"), (.priority, "priority"),
        ]
        return "[" + names.filter { contains($0.0) }.map { $0.1 }.joined(separator: ", ") + "]"
    }
}

/// One entry of a poll set.
public struct PollDescriptor: Sendable, Equatable {
    public var fd: Int32
    public var events: FileEvents
    public var returned: FileEvents
    public init(fd: Int32, events: FileEvents, returned: FileEvents = []) {
        self.fd = fd
        self.events = events
        self.returned = returned
    }
}
