import GaugeASCII

/// What a device is wanted for.
public enum DeviceRole: String, Hashable, Sendable, CaseIterable {
    case touch, keys, encoder

    /// Whether a device with `caps` can serve this role.
    public func accepts(_ caps: DeviceCapabilities) -> Bool {
        switch self {
        case .touch: return caps.isTouchscreen
        case .keys: return caps.hasKeys && !caps.isTouchscreen
        case .encoder: return caps.isRotary && !caps.isPointer
        }
    }
}

/// How the configuration chooses a device: `"auto"` (by capability), `"none"`, a path
/// (`/dev/input/event3`), or a name substring (`"FT5406"`, `"rotary@17"`).
public enum DeviceSelector: Hashable, Sendable {
    case auto
    case none
    case path(String)
    case name(String)

    public init(_ text: String) {
        let t = text.trimmingSpaces
        switch t.asciiLowercased {
        case "", "auto": self = .auto
        case "none", "off": self = .none
        default: self = t.hasPrefix("/") ? .path(t) : .name(t)
        }
    }

    /// Whether the device at `path` named `name` with `caps` is chosen for `role`.
    /// Named and path selectors trust the user over the capability check, except that the
    /// device must report something (a touch selector naming a keyboard would do nothing).
    public func matches(path: String, name: String, capabilities caps: DeviceCapabilities, role: DeviceRole) -> Bool {
        switch self {
        case .none: return false
        case .auto: return role.accepts(caps)
        case .path(let p): return p == path
        case .name(let wanted):
            let haystack = name.asciiLowercased
            return Self.nameVariants(wanted).contains { haystack.containsCharacters($0) }
        }
    }

    /// The Raspberry Pi rotary-encoder overlay names its device after the GPIO in hex
    /// ("rotary@11" for GPIO 17), while people write the decimal pin: accept both.
    static func nameVariants(_ wanted: String) -> [String] {
        let lower = wanted.asciiLowercased
        var variants = [lower]
        if let at = lower.lastIndex(of: "@") {
            let digits = lower[lower.index(after: at)...]
            if !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCIIDigit }), let pin = Int(digits) {
                variants.append(String(lower[..<at]) + "@" + String(pin, radix: 16))
            }
        }
        return variants
    }
}

extension String {
    /// Whether `other` occurs in this string, Character by Character: `contains(_:)` with
    /// a String argument comes from _StringProcessing, which Embedded Swift lacks.
    func containsCharacters(_ other: String) -> Bool {
        let needle = Array(other)
        guard !needle.isEmpty else { return true }
        let hay = Array(self)
        guard needle.count <= hay.count else { return false }
        for start in 0...(hay.count - needle.count) where hay[start] == needle[0] {
            if hay[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
