import Testing
@testable import GaugeDecoders
import GaugeSensors
import GaugeTestSupport

@Suite struct ELM327Tests {
    let ms: UInt64 = 1_000_000

    /// Runs the driver against the fake for `duration`, feeding each answer in small
    /// pieces (serial data arrives in fragments). Returns samples by channel.
    func run(
        _ driver: inout ELM327Driver, _ fake: inout FakeELM327, from start: UInt64 = 0, until end: UInt64,
        chunk: Int = 3
    ) -> [String: [Double]] {
        var now = start
        var out: [String: [Double]] = [:]
        while now < end {
            if let command = driver.nextCommand(now: now) {
                let reply = Array(fake.respond(to: command).utf8)
                now += 5 * ms
                var i = 0
                while i < reply.count {
                    let j = min(i + chunk, reply.count)
                    driver.feed(reply[i..<j], now: now) { out[$0.name, default: []].append($0.value) }
                    i = j
                }
            } else {
                let d = driver.nextDeadline ?? (now + 10 * ms)
                now = max(now + 1, d)
            }
        }
        return out
    }

    @Test func initSequenceThenDecodedPIDs() {
        var driver = ELM327Driver()
        var fake = FakeELM327()
        let out = run(&driver, &fake, until: 2_000 * ms)
        #expect(Array(fake.log.prefix(6)) == ["ATZ", "ATE0", "ATL0", "ATS0", "ATH0", "ATSP0"])
        #expect(driver.phase == .polling)
        #expect(out["engine.rpm"]?.first == 1726)  // (0x1A×256 + 0xF8) / 4
        #expect(out["engine.coolant.temperature"]?.first == 83)  // 0x7B − 40
        #expect(out["vehicle.speed"]?.first == 50)
        #expect(out["vehicle.voltage"]?.first == 12.345)
        #expect(out["engine.load"]?.first == 100)
        #expect(out["engine.intake.pressure"]?.first == 101)
        #expect(out["engine.intake.temperature"]?.first == 0)
        #expect(out["engine.maf"]?.first == 15)  // (0x05×256 + 0xDC) / 100 g/s
        #expect(abs(out["engine.throttle"]!.first! - (128 * 100 / 255)) <= 1e-9)
        #expect(out["fuel.level"] == nil)
        #expect(driver.isConnected)
        #expect(driver.statistics.noData == 1, "NO DATA PID backs off for 5 s")
        #expect(driver.statistics.timeouts == 0)
        // Rates: rpm at 10 Hz gets far more polls than coolant at 1 Hz.
        let rpmPolls = fake.log.filter { $0 == "010C" }.count
        let coolantPolls = fake.log.filter { $0 == "0105" }.count
        #expect(rpmPolls > 15)
        #expect(coolantPolls <= 3)
        #expect(coolantPolls >= 2)
    }

    @Test func cloneWithOddAnswers() {
        var driver = ELM327Driver()
        var fake = FakeELM327()
        fake.ignoresEcho = true
        fake.lowercase = true
        fake.spaces = false
        fake.extraBlankLines = true
        fake.answers["010C"] = ["7E8 04 41 0C 0F A0", "7E9 04 41 0C 00 00"]  // headers left on, 2 ECUs
        fake.answers["0105"] = ["BUS INIT: ...OK", "41 05 50"]
        fake.answers["010D"] = ["41 0d 3c", "41 0D 00"]
        fake.rejects = ["ATL0"]
        let out = run(&driver, &fake, until: 1_500 * ms, chunk: 1)
        #expect(Array(fake.log.prefix(6)) == ["ATZ", "ATE0", "ATL0", "ATS0", "ATH0", "ATSP0"], "a rejected AT command does not stop the init")
        #expect(driver.statistics.errors == 1)
        #expect(out["engine.rpm"]?.first == 1000, "first ECU wins")
        #expect(out["engine.coolant.temperature"]?.first == 40)
        #expect(out["vehicle.speed"]?.first == 60)
        #expect(driver.statistics.unparsable == 0)
    }

    @Test func responseDecodingVariants() {
        let rpm = OBDPID.engineSpeed
        for line in ["41 0C 1A F8", "410C1AF8", "410c1af8", "7E8 04 41 0C 1A F8", "7E804410C1AF8", "  41 0C 1A F8"] {
            var bytes = Array(line.utf8)
            while bytes.first == 32 { bytes.removeFirst() }
            #expect(OBDResponseLine.decode(bytes.map { $0 >= 97 ? $0 - 32 : $0 }, pid: rpm) == 1726, "\(line)")
        }
        for line in ["41 0C 1A", "41 0D 1A F8", "NO DATA", "41 0C ZZ F8", "41 0C 1A F"] {
            #expect(OBDResponseLine.decode(Array(line.utf8), pid: rpm) == nil, "\(line)")
        }
        #expect(OBDPID.moduleVoltage.value(0xFF, 0xFF) == 65.535)
        #expect(OBDPID.coolantTemperature.value(0, 0) == -40)
        #expect(OBDPID.fuelLevel.value(0xFF, 0) == 100)
    }

    @Test func errorsUnableToConnectAndRetry() {
        var driver = ELM327Driver(configuration: .init(polls: [.init(.engineSpeed, interval: 100 * ms)]))
        var fake = FakeELM327()
        fake.answers["010C"] = ["UNABLE TO CONNECT"]
        _ = run(&driver, &fake, until: 1_000 * ms)
        #expect(driver.statistics.unableToConnect == 1)
        guard case .waitingToRetry(let until) = driver.phase else {
            Issue.record("\(driver.phase)")
            return
        }
        #expect(until > 5_000 * ms - 1)
        #expect(!driver.isConnected)
        #expect(driver.nextCommand(now: 2_000 * ms) == nil, "quiet while waiting")
        // Ignition on: the next poll after the delay succeeds.
        var d2 = driver
        #expect(d2.nextCommand(now: until) == Array("010C\r".utf8))
        #expect(d2.feed(Array("41 0C 0F A0\r\r>".utf8), now: until + ms) == [Sample(name: "engine.rpm", value: 1000, unit: .rpm)])
        for error in ["CAN ERROR", "?", "STOPPED", "BUS INIT: ...ERROR", "BUFFER FULL"] {
            var d = d2
            _ = d.nextCommand(now: until + 200 * ms)
            #expect(d.feed(Array((error + "\r\r>").utf8), now: until + 210 * ms) == [])
            #expect(d.statistics.errors == d2.statistics.errors + 1, "\(error)")
        }
    }

    @Test func timeoutsThenReinitialise() {
        var driver = ELM327Driver(configuration: .init(polls: [.init(.engineSpeed, interval: 100 * ms)]))
        var fake = FakeELM327()
        _ = run(&driver, &fake, until: 200 * ms)
        #expect(driver.phase == .polling)
        // The adapter goes silent: every command times out after 2 s; 3 in a row → ATZ.
        var now: UInt64 = 1_000 * ms
        var sent: [String] = []
        func step() {
            if let c = driver.nextCommand(now: now) { sent.append(String(decoding: c.dropLast(), as: UTF8.self)) }
            now = max(now + 1, driver.nextDeadline ?? now)
        }
        for _ in 0..<4 { step() }
        #expect(driver.statistics.timeouts == 3)
        #expect(driver.statistics.reinitialisations == 1)
        #expect(sent == ["010C", "010C", "010C", "ATZ"])
        #expect(!driver.isConnected)
        // A silent adapter gets ATZ again every reset timeout, nothing else.
        for _ in 0..<3 { step() }
        #expect(Array(sent.suffix(3)) == ["ATZ", "ATZ", "ATZ"])
        #expect(driver.statistics.timeouts == 6)
        // Said once that it stopped answering, whatever the number of ATZ since.
        #expect(driver.takeNotices() == ["the adapter stopped answering (3 commands in a row unanswered); re-initialising it (ATZ) until it does"])
        for _ in 0..<20 { step() }
        #expect(driver.takeNotices() == [])
        #expect(driver.isSilent)
        // It answers again: said once, and polling resumes.
        now += 1
        _ = run(&driver, &fake, from: now, until: now + 500 * ms)
        #expect(driver.takeNotices() == ["the adapter answers again"])
        #expect(!driver.isSilent)
        #expect(driver.isConnected)
    }

    @Test func anAdapterSilentFromTheStartIsSaidOnceWithAdvice() {
        var driver = ELM327Driver(configuration: .init(polls: [.init(.engineSpeed, interval: 100 * ms)]))
        var now: UInt64 = 0
        for _ in 0..<30 {
            _ = driver.nextCommand(now: now)
            now = max(now + 1, driver.nextDeadline ?? now)
        }
        #expect(
            driver.takeNotices() == [
                "the adapter does not answer ATZ: is it an ELM327, at the board's baud rate, with the ignition on? retried from ATZ"
            ])
        #expect(driver.takeNotices() == [])
    }

    @Test func searchingExtendsDeadline() {
        var driver = ELM327Driver(configuration: .init(polls: [.init(.engineSpeed, interval: 100 * ms)]))
        var fake = FakeELM327()
        fake.searchingFirst = false
        _ = run(&driver, &fake, until: 100 * ms)
        let t: UInt64 = 1_000 * ms
        _ = driver.nextCommand(now: t)
        #expect(driver.nextDeadline == t + 2_000 * ms)
        _ = driver.feed(Array("SEARCHING...\r".utf8), now: t + 100 * ms)
        #expect(driver.nextDeadline == t + 100 * ms + 15_000 * ms)
        #expect(driver.nextCommand(now: t + 5_000 * ms) == nil, "still searching, no timeout")
        #expect(driver.feed(Array("41 0C 00 04\r\r>".utf8), now: t + 6_000 * ms).first?.value == 1)
    }

    @Test func unsolicitedPromptAndGarbageAreHarmless() {
        var driver = ELM327Driver()
        #expect(driver.feed(Array(">>>\r\r\u{0}xyz".utf8), now: 0) == [])
        #expect(driver.statistics.unsolicited == 3)
        #expect(driver.nextCommand(now: 0) == Array("ATZ\r".utf8))
        var rng = SplitMix64(seed: 5)
        var now: UInt64 = 0
        for _ in 0..<20_000 {
            let n = Int(rng.next() % 40)
            var chunk: [UInt8] = []
            for _ in 0..<n { chunk.append(UInt8(truncatingIfNeeded: rng.next())) }
            if rng.next() % 4 == 0 { chunk += Array("41 0C 1A F8\r>".utf8) }
            _ = driver.nextCommand(now: now)
            driver.feed(chunk, now: now) { #expect($0.value.isFinite) }
            now += UInt64(rng.next() % 500) * ms
        }
        #expect(driver.statistics.responses > 100)
    }
}
