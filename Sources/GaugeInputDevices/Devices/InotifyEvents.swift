/// One entry change in a watched directory, decoded from inotify's byte stream.
public struct DirectoryChange: Hashable, Sendable {
    public var name: String
    public var mask: UInt32
    public init(name: String, mask: UInt32) {
        self.name = name
        self.mask = mask
    }

    // inotify(7) mask bits (kernel ABI).
    public static let created: UInt32 = 0x100  // IN_CREATE
    public static let deleted: UInt32 = 0x200  // IN_DELETE
    public static let attributes: UInt32 = 0x004  // IN_ATTRIB
    public static let overflow: UInt32 = 0x4000  // IN_Q_OVERFLOW: events lost, rescan everything

    public var isDeletion: Bool { mask & Self.deleted != 0 }

    /// Decodes `struct inotify_event { int wd; u32 mask; u32 cookie; u32 len; char name[len]; }`
    /// records (native byte order). A truncated or oversized record ends the parse.
    public static func parse(_ bytes: [UInt8]) -> [DirectoryChange] {
        var changes: [DirectoryChange] = []
        var offset = 0
        func u32(_ at: Int) -> UInt32 {
            bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: UInt32.self) }
        }
        while bytes.count - offset >= 16 {
            let mask = u32(offset + 4)
            let len = Int(u32(offset + 12))
            guard len <= bytes.count - offset - 16 else { break }
            let nameBytes = bytes[(offset + 16)..<(offset + 16 + len)].prefix { $0 != 0 }
            changes.append(DirectoryChange(name: String(decoding: nameBytes, as: UTF8.self), mask: mask))
            offset += 16 + len
        }
        return changes
    }
}
