import GaugeSensors

/// A source as a kind describes it: the settings it read from the board (what listings
/// and tests look at) and how the panel opens them. Every kind makes its source so.
public final class Configured<Settings: Sendable>: ConfiguredSource {
    public let settings: Settings
    public let summary: String
    public let watchedFiles: [String]
    private let opener: @Sendable (Settings, SourceContext) -> SensorSource
    private let valuesAt: (@Sendable (Settings, UInt64) -> [String: Double])?
    private let readingsUntil: (@Sendable (Settings, UInt64) -> [TimedSample])?

    init(
        _ settings: Settings, summary: String, watchedFiles: [String] = [],
        values: (@Sendable (Settings, UInt64) -> [String: Double])? = nil,
        readings: (@Sendable (Settings, UInt64) -> [TimedSample])? = nil,
        open: @escaping @Sendable (Settings, SourceContext) -> SensorSource
    ) {
        self.settings = settings
        self.summary = summary
        self.watchedFiles = watchedFiles
        self.valuesAt = values
        self.readingsUntil = readings
        self.opener = open
    }

    public func open(_ context: SourceContext) -> SensorSource { opener(settings, context) }

    public func values(atNanoseconds time: UInt64) -> [String: Double] { valuesAt?(settings, time) ?? [:] }

    public func readings(untilNanoseconds time: UInt64) -> [TimedSample] { readingsUntil?(settings, time) ?? [] }
}
