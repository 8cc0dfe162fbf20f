/// Settings of a channel's processing, applied in this order:
/// validate → `value × scale + offset` (in the input unit) → convert to the channel's
/// unit → median → exponential → rate limit → min/max hold.
public struct PipelineConfiguration: Sendable, Equatable {
    public var scale: Double = 1
    public var offset: Double = 0
    /// Unit assumed for samples that carry `.none` (e.g. the line protocol).
    public var inputUnit: SensorUnit = .none
    public var medianWindow: Int? = nil
    public var exponentialAlpha: Double? = nil
    public var maxChangePerSecond: Double? = nil
    public var maxMagnitude: Double = 1e9

    public init(
        scale: Double = 1, offset: Double = 0, inputUnit: SensorUnit = .none,
        medianWindow: Int? = nil, exponentialAlpha: Double? = nil,
        maxChangePerSecond: Double? = nil, maxMagnitude: Double = 1e9
    ) {
        self.scale = scale
        self.offset = offset
        self.inputUnit = inputUnit
        self.medianWindow = medianWindow
        self.exponentialAlpha = exponentialAlpha
        self.maxChangePerSecond = maxChangePerSecond
        self.maxMagnitude = maxMagnitude
    }
}

/// The running state of one channel's processing. A value type: copying a pipeline
/// copies its filter history.
public struct ChannelPipeline: Sendable, Equatable {
    public let configuration: PipelineConfiguration
    public let outputUnit: SensorUnit
    private var validator: InputValidator
    private var median: MedianFilter?
    private var exponential: ExponentialSmoother?
    private var limiter: RateLimiter?
    public private(set) var hold = MinMaxHold()

    public init(_ configuration: PipelineConfiguration = PipelineConfiguration(), outputUnit: SensorUnit) {
        self.configuration = configuration
        self.outputUnit = outputUnit
        validator = InputValidator(maxMagnitude: configuration.maxMagnitude)
        median = configuration.medianWindow.map { MedianFilter(window: $0) }
        exponential = configuration.exponentialAlpha.map { ExponentialSmoother(alpha: $0) }
        limiter = configuration.maxChangePerSecond.map { RateLimiter(maxPerSecond: $0) }
    }

    /// Runs one value through the stages; returns the output value or why it was refused.
    public mutating func process(_ raw: Double, unit: SensorUnit, time: UInt64) -> Result<Double, PipelineRejection> {
        if let r = validator.check(raw) { return .failure(PipelineRejection(reason: r)) }
        let inputUnit = unit == .none ? configuration.inputUnit : unit
        var v = raw * configuration.scale + configuration.offset
        if inputUnit != outputUnit {
            // A unitless value feeding a unit-bearing channel is taken as already in it,
            // and a unitless channel takes values as they come.
            if inputUnit != .none && outputUnit != .none {
                guard let c = inputUnit.convert(v, to: outputUnit) else {
                    return .failure(PipelineRejection(reason: .unitMismatch))
                }
                v = c
            }
        }
        // Scale or conversion can overflow a value that passed the first check.
        if let r = validator.check(v) { return .failure(PipelineRejection(reason: r)) }
        if median != nil { v = median!.add(v) }
        if exponential != nil { v = exponential!.add(v) }
        if limiter != nil { v = limiter!.add(v, time: time) }
        hold.add(v)
        return .success(v)
    }

    public mutating func resetMinMax() { hold.reset() }

    /// Forgets filter history (after a gap, so old values do not bleed into new ones).
    public mutating func resetFilters() {
        median?.reset()
        exponential?.reset()
        limiter?.reset()
    }
}

/// Typed error for a refused value.
public struct PipelineRejection: Error, Sendable, Equatable {
    public var reason: Rejection
}
