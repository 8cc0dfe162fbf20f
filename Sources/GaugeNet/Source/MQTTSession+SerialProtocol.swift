import GaugeSensors

// Apart from MQTTSession.swift so that the decoder-only builds (fuzzing, the cross-CPU
// check), which stage GaugeNet's top folder without GaugeSensors' sources, still compile it.
extension MQTTSession: SerialProtocol {
    public static var kindName: String? { "mqtt" }
    public var summaryDetail: String { statistics.oversized > 0 ? "oversized:\(statistics.oversized)" : "" }
}
