import GaugeSensors

// Stand-in for the stream transport's `Sample.noValue(name:)` until it is merged.
extension Sample {
    static func noValue(name: String) -> Sample { Sample(name: name, value: .nan, unit: .none) }
}
