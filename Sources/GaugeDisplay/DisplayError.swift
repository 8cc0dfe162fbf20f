import GaugeSystem

/// Why a display could not be opened or updated. `description` is one line that names
/// the device and the fix. The cases here are what any display may say; a back-end's own
/// failures (DRM: no such connector or mode) are its own `DisplayBackendError`, carried
/// as `.backend` so the run loop and `gaugepanel run` need not know the back-ends.
public enum DisplayError: Error, Equatable, Sendable, CustomStringConvertible {
    case noDevice(path: String)
    case permissionDenied(path: String)
    case busy(path: String)
    case unsupportedLayout(path: String, detail: String)
    case systemCall(path: String, call: String, errno: Errno)
    /// A display name that no back-end has (the names are checked before opening).
    case unknownBackend(name: String, known: [String])
    /// A back-end's own failure, in its words.
    case backend(DisplayBackendFailure)

    public var description: String {
        switch self {
        case .noDevice(let path):
            return "\(path): no such device; load the display driver or pick another (gaugepanel devices lists them)"
        case .permissionDenied(let path):
            return "\(path): permission denied; add the user to group video (sudo usermod -aG video $USER, then log in again)"
        case .busy(let path):
            return
                "\(path): device busy; another program (a display server such as X or Wayland, or another gaugepanel) is the DRM master; stop it or use --display fbdev"
        case .unsupportedLayout(let path, let detail):
            return "\(path): unsupported pixel layout (\(detail)); use a 16 bpp RGB565 or 32 bpp XRGB8888 mode"
        case .systemCall(let path, let call, let errno):
            return "\(path): \(call) failed: \(errno)"
        case .unknownBackend(let name, let known):
            return "unknown display '\(name)'; valid: \(known.joined(separator: ", "))"
        case .backend(let failure):
            return failure.description
        }
    }

    /// Whether waiting can help: the device or output is simply not there (yet).
    public var mayAppear: Bool {
        switch self {
        case .noDevice: true
        case .backend(let failure): failure.mayAppear
        default: false
        }
    }

    /// A back-end's own error as a display error.
    public init<E: DisplayBackendError>(_ error: E) { self = .backend(DisplayBackendFailure(error)) }

    /// The error for a failed open(2) of a display device.
    public static func open(path: String, errno: Errno) -> DisplayError {
        switch errno {
        case .noSuchFileOrDirectory, .operationNotSupportedByDevice, .noSuchAddressOrDevice: return .noDevice(path: path)
        case .permissionDenied, .notPermitted: return .permissionDenied(path: path)
        case .resourceBusy: return .busy(path: path)
        default: return .systemCall(path: path, call: "open", errno: errno)
        }
    }
}

/// What a back-end's own errors tell beyond their words.
public protocol DisplayBackendError: Error, Sendable, CustomStringConvertible {
    /// True when the device or output may still appear (a driver loading, a cable being
    /// plugged in): `gaugepanel run` waits for it.
    var mayAppear: Bool { get }
    /// True when the board asked for something only this back-end has (a DRM connector
    /// by name): trying another back-end would show the panel on another screen.
    var rulesOutOthers: Bool { get }
}

extension DisplayBackendError {
    public var mayAppear: Bool { false }
    public var rulesOutOthers: Bool { false }
}

/// A back-end's error as `DisplayError` carries it: its words and what they mean for
/// waiting and falling back (stored as values, so `DisplayError` stays one concrete type).
public struct DisplayBackendFailure: Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public let mayAppear: Bool
    public let rulesOutOthers: Bool

    public init<E: DisplayBackendError>(_ error: E) {
        description = error.description
        mayAppear = error.mayAppear
        rulesOutOthers = error.rulesOutOthers
    }
}
