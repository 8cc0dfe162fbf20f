import CPanelSystem

/// What GPIO_GET_CHIPINFO_IOCTL says of a chip.
public struct GPIOChipInfo: Sendable, Equatable {
    /// The kernel's name for it: `gpiochip0`.
    public var name: String
    /// Its driver's label: `pinctrl-bcm2835`, `gpio-sim.0-node0`.
    public var label: String
    public var lines: UInt32

    public init(name: String, label: String, lines: UInt32) {
        self.name = name
        self.label = label
        self.lines = lines
    }
}

/// What GPIO_V2_GET_LINEINFO_IOCTL says of a line.
public struct GPIOLineInfo: Sendable, Equatable {
    /// Its name from the device tree or driver (`GPIO17`), empty when it has none.
    public var name: String
    /// Who requested it (the consumer name it gave), empty when unknown or free.
    public var consumer: String
    /// Requested by someone (this process or another).
    public var used: Bool

    public init(name: String, consumer: String = "", used: Bool = false) {
        self.name = name
        self.consumer = consumer
        self.used = used
    }
}

/// The GPIO character device's calls (uAPI v2, no libgpiod), behind one protocol so tests
/// substitute them; `LinuxGPIOSystemCalls` makes the ioctls (CPanelSystem). Class-bound
/// (through `PanelSystem`) for Embedded Swift's `any`.
public protocol GPIOSystemCalls: PanelSystem {
    /// open(2) of a chip's character device (/dev/gpiochipN), read-write, close-on-exec.
    func openChip(_ path: String) throws(Errno) -> Int32
    func chipInfo(_ fd: Int32) throws(Errno) -> GPIOChipInfo
    func lineInfo(_ fd: Int32, line: UInt32) throws(Errno) -> GPIOLineInfo
    /// The lines as outputs, all inactive from the request on; with `pullInactive`, biased
    /// towards their inactive level. The request's descriptor, which holds them until it
    /// is closed (EBUSY: someone holds one already).
    func requestOutputs(_ fd: Int32, lines: [UInt32], activeLow: Bool, pullInactive: Bool, consumer: String) throws(Errno) -> Int32
    /// Bit i of `bits` is the request's line i (logical: active is 1), for the bits in `mask`.
    func setValues(_ request: Int32, bits: UInt64, mask: UInt64) throws(Errno)
}

/// `GPIOSystemCalls` on Linux: the ioctls of CPanelSystem.
public final class LinuxGPIOSystemCalls: LinuxSystem, GPIOSystemCalls, @unchecked Sendable {
    public static let gpio = LinuxGPIOSystemCalls()

    public func openChip(_ path: String) throws(Errno) -> Int32 {
        try SystemCall.open(path, O_RDWR | O_CLOEXEC)
    }

    public func chipInfo(_ fd: Int32) throws(Errno) -> GPIOChipInfo {
        var name = [CChar](repeating: 0, count: Int(GPIO_MAX_NAME_SIZE))
        var label = [CChar](repeating: 0, count: Int(GPIO_MAX_NAME_SIZE))
        var lines: UInt32 = 0
        _ = try SystemCall.retrying { csystem_gpio_chip_info(fd, &name, &label, &lines) }
        return GPIOChipInfo(name: Self.text(name), label: Self.text(label), lines: lines)
    }

    public func lineInfo(_ fd: Int32, line: UInt32) throws(Errno) -> GPIOLineInfo {
        var name = [CChar](repeating: 0, count: Int(GPIO_MAX_NAME_SIZE))
        var consumer = [CChar](repeating: 0, count: Int(GPIO_MAX_NAME_SIZE))
        var used: Int32 = 0
        _ = try SystemCall.retrying { csystem_gpio_line_info(fd, line, &name, &consumer, &used) }
        return GPIOLineInfo(name: Self.text(name), consumer: Self.text(consumer), used: used != 0)
    }

    public func requestOutputs(_ fd: Int32, lines: [UInt32], activeLow: Bool, pullInactive: Bool, consumer: String) throws(Errno) -> Int32 {
        guard lines.count <= Int(GPIO_V2_LINES_MAX) else { throw .invalidArgument }
        return try SystemCall.retrying {
            csystem_gpio_request_outputs(fd, lines, UInt32(truncatingIfNeeded: lines.count), activeLow ? 1 : 0, pullInactive ? 1 : 0, consumer)
        }
    }

    public func setValues(_ request: Int32, bits: UInt64, mask: UInt64) throws(Errno) {
        _ = try SystemCall.retrying { csystem_gpio_set_values(request, bits, mask) }
    }

    /// A NUL-terminated C string from the kernel, as UTF-8 (invalid bytes replaced).
    static func text(_ chars: [CChar]) -> String {
        let bytes = chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
