import GaugeDecoders

/// A sensor as the run loop drives it. The four shapes are how a source is driven, not
/// what it is: a new sensor kind becomes one of them (most are a `DescriptorSource`).
public enum SensorSource {
    /// Waveforms, polled on a timer; samples are named after the channels.
    case simulated(SimulatedSource)
    /// Kernel files, polled on a slower timer; samples are named after the channels.
    case sysfs(SysfsSource)
    /// A recording played back at its own pace; its names are routed to the channels.
    case replay(ReplaySource)
    /// A descriptor that comes and goes (serial, TCP, UDP, MQTT, gpsd, CAN); its names
    /// are routed to the channels.
    case line(any DescriptorSource)
}

/// What opening a source may need from the machine it runs on.
public struct SourceContext: Sendable {
    /// The machine's host name (an MQTT client id is made from it).
    public var hostname: String

    public init(hostname: String) {
        self.hostname = hostname
    }
}

/// A source as a board describes it: what the sensor kind read from the board file, and
/// how the panel opens it. Made by a sensor kind (GaugeSensorKinds), held by the
/// configuration, opened by the panel. Class-bound, so that `any ConfiguredSource` is a
/// reference, which Embedded Swift allows.
public protocol ConfiguredSource: AnyObject, Sendable {
    /// One line for messages and listings: `tcp 192.168.1.20:10110, protocol nmea`.
    var summary: String { get }
    /// The files besides the board that the sensor read when the board was loaded (a DBC,
    /// a recording): the preview reloads when one changes.
    var watchedFiles: [String] { get }
    /// The source the run loop drives.
    func open(_ context: SourceContext) -> SensorSource
    /// What it gives `time` nanoseconds into a run without running (a simulated waveform's
    /// values, for `render --at` and the preview); nothing for a live source.
    func values(atNanoseconds time: UInt64) -> [String: Double]
    /// Every reading it gives in the first `time` nanoseconds of a run, in order, named as
    /// its channels (a recording played back, for `render --time` to fill charts);
    /// nothing for a source that cannot know (a live one).
    func readings(untilNanoseconds time: UInt64) -> [TimedSample]
}

extension ConfiguredSource {
    public func readings(untilNanoseconds time: UInt64) -> [TimedSample] { [] }
}

/// A reading and when it arrives, nanoseconds into a run.
public struct TimedSample: Sendable, Equatable {
    public var time: UInt64
    public var sample: Sample
    public init(time: UInt64, sample: Sample) {
        self.time = time
        self.sample = sample
    }
}
