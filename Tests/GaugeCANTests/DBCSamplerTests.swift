import Testing
import GaugeDecoders
import GaugeTestSupport
@testable import GaugeCAN

/// `DBCSampler` (names and units worked out once) gives exactly the signals of
/// `DBCMessage.decode` (worked out per frame), multiplexed messages and short frames included.
@Suite struct DBCSamplerTests {
    @Test func samplerGivesTheMessagesOwnSamples() {
        var random = SplitMix(seed: 0xdbc5_a3b1)
        var compared = 0
        for name in ["vehicle.dbc", "multiplexed.dbc", "wide.dbc"] {
            let file = TestFiles.dbc(name)
            for message in file.messages {
                let sampler = DBCSampler(message)
                for _ in 0..<200 {
                    // Random bytes, sometimes fewer than the message's length.
                    let count = Int(random.next() % UInt64(message.length + 1))
                    let data = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                    var expected: [Sample] = [], got: [Sample] = []
                    for d in message.decode(data) {
                        expected.append(
                            Sample(
                                name: message.name + "." + d.name, value: d.physical,
                                unit: SensorUnit(configName: d.unit) ?? .none))
                    }
                    sampler.samples(data) { got.append($0) }
                    #expect(got.map { $0.name } == expected.map { $0.name }, "\(name) \(message.name) \(data)")
                    #expect(got.map { $0.unit } == expected.map { $0.unit })
                    // NaN from a float signal equals itself here by its bits.
                    #expect(got.map { $0.value.bitPattern } == expected.map { $0.value.bitPattern })
                    compared += expected.count
                }
            }
        }
        #expect(compared > 1000)
    }
}
