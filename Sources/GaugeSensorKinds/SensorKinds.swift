import GaugeConfig

/// The sensor kinds a board can name (`kind = "gpsd"`), each registered by one line here:
/// the configuration reads a `[[sensor]]` through the kind it names, and the panel opens
/// the source the kind describes. A new kind is its file (a `SensorKindReading` type) plus
/// one line below, with its docs and tests.
public enum SensorKinds {
    public static let all: [SensorKind] = [
        SensorKind(SimulatedKind.self),
        SensorKind(SysfsKind.self),
        SensorKind(SerialKind.self),
        SensorKind(ReplayKind.self),
        SensorKind(CANKind.self),
        SensorKind(MQTTKind.self),
        SensorKind(TCPKind.self),
        SensorKind(UDPKind.self),
        SensorKind(GPSDKind.self),
        SensorKind(SignalKKind.self),
        SensorKind(ComputedKind.self),
    ]

    public static var names: [String] { all.map { $0.name } }
}
