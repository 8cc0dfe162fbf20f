/// One key's action and how it behaves while held (kernel auto-repeat, value 2).
public struct KeyBinding: Hashable, Sendable {
    public var action: InputAction
    /// Minimum time between repeats in µs; nil = the action fires once per press.
    public var repeatInterval: Int64?

    public init(_ action: InputAction, repeatInterval: Int64? = nil) {
        self.action = action
        self.repeatInterval = repeatInterval
    }

    /// Repeat behaviour that suits the action: brightness ramps at the kernel's rate,
    /// pages flip at most every 400 ms, toggles and taps never repeat.
    public static func standard(_ action: InputAction) -> KeyBinding {
        switch action {
        case .brightness: return KeyBinding(action, repeatInterval: 0)
        case .nextPage, .previousPage: return KeyBinding(action, repeatInterval: 400_000)
        case .toggleNight, .tap, .resetHold, .resetTrip, .logMarker, .acknowledgeAlarms: return KeyBinding(action)
        }
    }
}

/// Key code → binding. The default covers keyboards and typical gpio-keys layouts;
/// configuration overrides or adds entries (e.g. "KEY_F1" = "nextPage").
public struct KeyMap: Hashable, Sendable {
    public var bindings: [UInt16: KeyBinding]

    public init(_ bindings: [UInt16: KeyBinding]) {
        self.bindings = bindings
    }

    public static let standard = KeyMap([
        KeyCode.right: .standard(.nextPage),
        KeyCode.pageDown: .standard(.nextPage),
        KeyCode.left: .standard(.previousPage),
        KeyCode.pageUp: .standard(.previousPage),
        KeyCode.up: .standard(.brightness(1)),
        KeyCode.down: .standard(.brightness(-1)),
        KeyCode.n: .standard(.toggleNight),
        KeyCode.enter: .standard(.resetHold),
    ])

    public subscript(code: UInt16) -> KeyBinding? {
        get { bindings[code] }
        set { bindings[code] = newValue }
    }

    /// Adds configured key bindings by kernel key name (`KEY_F1`), each looked up with
    /// `keyCode` (`InputDevices.keyCode`: the names are libevdev's table, on the device side);
    /// returns the names it could not find, each as a message naming the key and the fix.
    public mutating func merge(_ named: [(key: String, action: InputAction)], keyCode: (String) -> UInt16?) -> [String] {
        var problems: [String] = []
        for (keyName, action) in named {
            guard let code = keyCode(keyName) else {
                problems.append("unknown key \"\(keyName)\": use a kernel name such as KEY_F1 or BTN_0 (evtest lists them)")
                continue
            }
            bindings[code] = .standard(action)
        }
        return problems
    }
}
