import GaugeDisplay

/// `output = "auto"`: DRM (the named connector, or the first card with a connected
/// output), else the first fbdev device.
public enum AutomaticDisplay: DisplayBackend {
    public static let name = "auto"
    public static let keys: [DisplayKey] = [.device, .connector, .mode, .format, .rotation]

    public static func open(_ s: DisplaySettings, system: any DisplaySystemCalls) throws(DisplayError) -> any Display {
        let drmError: DisplayError
        do {
            return try DRMDisplay(
                path: s.device, connector: s.connector, mode: s.mode, format: s.format ?? .xrgb8888,
                rotation: s.rotation, atomic: s.atomic, system: system)
        } catch { drmError = error }
        // A named connector is a DRM choice: an fbdev picture would be the wrong screen.
        if case .backend(let failure) = drmError, failure.rulesOutOthers { throw drmError }
        let fbPath = DRMSelection.framebufferPaths(in: (try? system.listDirectory("/dev")) ?? []).first ?? "/dev/fb0"
        do { return try FbdevDisplay(path: fbPath, format: s.format, rotation: s.rotation, system: system) } catch {
            switch (drmError, error) {
            case (.noDevice, .noDevice): throw DisplayError(AutomaticDisplayError.noDisplayFound(tried: ["/dev/dri/card*", fbPath]))
            case (.noDevice, _): throw error
            default: throw drmError
            }
        }
    }
}

public enum AutomaticDisplayError: DisplayBackendError, Equatable {
    /// Neither a DRM card nor a framebuffer device is there.
    case noDisplayFound(tried: [String])

    public var description: String {
        switch self {
        case .noDisplayFound(let tried):
            return "no display found (tried \(tried.joined(separator: ", "))); load a DRM or fbdev driver, or use --display offscreen"
        }
    }

    public var mayAppear: Bool { true }
}
