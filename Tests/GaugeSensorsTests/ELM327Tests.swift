import XCTest
@testable import GaugeSensors

/// A scripted adapter: answers each command like a real ELM327 (or a clone) would.
struct FakeELM327 {
    var echo = true  // ELM default until ATE0
    var ignoresEcho = false  // clone that keeps echoing after ATE0
    var lowercase = false
    var spaces = true
    var extraBlankLines = false
    var searchingFirst = true
    var rejects: Set<String> = []  // AT commands a clone answers with "?"
    var answers: [String: [String]] = [
        "010C": ["41 0C 1A F8"],
        "0105": ["41 05 7B"],
        "010D": ["41 0D 32"],
        "0142": ["41 42 30 39"],
        "0104": ["41 04 FF"],
        "010B": ["41 0B 65"],
        "010F": ["41 0F 28"],
        "0111": ["41 11 80"],
        "012F": ["NO DATA"],
    ]
    var log: [String] = []

    mutating func respond(to raw: [UInt8]) -> String {
        var command = String(decoding: raw, as: UTF8.self)
        XCTAssertEqual(command.last, "\r", "commands end with CR")
        command.removeLast()
        log.append(command)
        var lines: [String] = []
        if echo { lines.append(command) }
        switch command {
        case _ where rejects.contains(command): lines.append("?")
        case "ATZ":
            lines += ["", "ELM327 v1.5"]
            echo = true
        case "ATE0":
            if !ignoresEcho { echo = false }
            lines.append("OK")
        case "ATL0", "ATS0", "ATH0", "ATSP0": lines.append("OK")
        default:
            if searchingFirst {
                lines.append("SEARCHING...")
                searchingFirst = false
            }
            lines += answers[command] ?? ["?"]
        }
        var text = lines.map { l -> String in
            var l = spaces ? l : l.filter { $0 != " " }
            if lowercase { l = l.lowercased() }
            return l
        }.joined(separator: extraBlankLines ? "\r\r\r" : "\r")
        text += "\r\r>"
        return text
    }
}

final class ELM327Tests: XCTestCase {
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

    func testInitSequenceThenDecodedPIDs() {
        var driver = ELM327Driver()
        var fake = FakeELM327()
        let out = run(&driver, &fake, until: 2_000 * ms)
        XCTAssertEqual(Array(fake.log.prefix(6)), ["ATZ", "ATE0", "ATL0", "ATS0", "ATH0", "ATSP0"])
        XCTAssertEqual(driver.phase, .polling)
        XCTAssertEqual(out["engine.rpm"]?.first, 1726)  // (0x1A×256 + 0xF8) / 4
        XCTAssertEqual(out["engine.coolant.temperature"]?.first, 83)  // 0x7B − 40
        XCTAssertEqual(out["vehicle.speed"]?.first, 50)
        XCTAssertEqual(out["vehicle.voltage"]?.first, 12.345)
        XCTAssertEqual(out["engine.load"]?.first, 100)
        XCTAssertEqual(out["engine.intake.pressure"]?.first, 101)
        XCTAssertEqual(out["engine.intake.temperature"]?.first, 0)
        XCTAssertEqual(out["engine.throttle"]!.first!, 128 * 100 / 255, accuracy: 1e-9)
        XCTAssertNil(out["fuel.level"])
        XCTAssertTrue(driver.isConnected)
        XCTAssertEqual(driver.statistics.noData, 1, "NO DATA PID backs off for 5 s")
        XCTAssertEqual(driver.statistics.timeouts, 0)
        // Rates: rpm at 10 Hz gets far more polls than coolant at 1 Hz.
        let rpmPolls = fake.log.filter { $0 == "010C" }.count
        let coolantPolls = fake.log.filter { $0 == "0105" }.count
        XCTAssertGreaterThan(rpmPolls, 15)
        XCTAssertLessThanOrEqual(coolantPolls, 3)
        XCTAssertGreaterThanOrEqual(coolantPolls, 2)
    }

    func testCloneWithOddAnswers() {
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
        XCTAssertEqual(
            Array(fake.log.prefix(6)), ["ATZ", "ATE0", "ATL0", "ATS0", "ATH0", "ATSP0"],
            "a rejected AT command does not stop the init")
        XCTAssertEqual(driver.statistics.errors, 1)
        XCTAssertEqual(out["engine.rpm"]?.first, 1000, "first ECU wins")
        XCTAssertEqual(out["engine.coolant.temperature"]?.first, 40)
        XCTAssertEqual(out["vehicle.speed"]?.first, 60)
        XCTAssertEqual(driver.statistics.unparsable, 0)
    }

    func testResponseDecodingVariants() {
        let rpm = OBDPID.engineSpeed
        for line in ["41 0C 1A F8", "410C1AF8", "410c1af8", "7E8 04 41 0C 1A F8", "7E804410C1AF8", "  41 0C 1A F8"] {
            var bytes = Array(line.utf8)
            while bytes.first == 32 { bytes.removeFirst() }
            XCTAssertEqual(OBDResponseLine.decode(bytes.map { $0 >= 97 ? $0 - 32 : $0 }, pid: rpm), 1726, line)
        }
        for line in ["41 0C 1A", "41 0D 1A F8", "NO DATA", "41 0C ZZ F8", "41 0C 1A F"] {
            XCTAssertNil(OBDResponseLine.decode(Array(line.utf8), pid: rpm), line)
        }
        XCTAssertEqual(OBDPID.moduleVoltage.value(0xFF, 0xFF), 65.535)
        XCTAssertEqual(OBDPID.coolantTemperature.value(0, 0), -40)
        XCTAssertEqual(OBDPID.fuelLevel.value(0xFF, 0), 100)
    }

    func testErrorsUnableToConnectAndRetry() {
        var driver = ELM327Driver(configuration: .init(polls: [.init(.engineSpeed, interval: 100 * ms)]))
        var fake = FakeELM327()
        fake.answers["010C"] = ["UNABLE TO CONNECT"]
        _ = run(&driver, &fake, until: 1_000 * ms)
        XCTAssertEqual(driver.statistics.unableToConnect, 1)
        guard case .waitingToRetry(let until) = driver.phase else { return XCTFail("\(driver.phase)") }
        XCTAssertGreaterThan(until, 5_000 * ms - 1)
        XCTAssertFalse(driver.isConnected)
        XCTAssertNil(driver.nextCommand(now: 2_000 * ms), "quiet while waiting")
        // Ignition on: the next poll after the delay succeeds.
        var d2 = driver
        XCTAssertEqual(d2.nextCommand(now: until), Array("010C\r".utf8))
        XCTAssertEqual(
            d2.feed(Array("41 0C 0F A0\r\r>".utf8), now: until + ms),
            [Sample(name: "engine.rpm", value: 1000, unit: .rpm)])
        for error in ["CAN ERROR", "?", "STOPPED", "BUS INIT: ...ERROR", "BUFFER FULL"] {
            var d = d2
            _ = d.nextCommand(now: until + 200 * ms)
            XCTAssertEqual(d.feed(Array((error + "\r\r>").utf8), now: until + 210 * ms), [])
            XCTAssertEqual(d.statistics.errors, d2.statistics.errors + 1, error)
        }
    }

    func testTimeoutsThenReinitialise() {
        var driver = ELM327Driver(configuration: .init(polls: [.init(.engineSpeed, interval: 100 * ms)]))
        var fake = FakeELM327()
        _ = run(&driver, &fake, until: 200 * ms)
        XCTAssertEqual(driver.phase, .polling)
        // The adapter goes silent: every command times out after 2 s; 3 in a row → ATZ.
        var now: UInt64 = 1_000 * ms
        var sent: [String] = []
        func step() {
            if let c = driver.nextCommand(now: now) { sent.append(String(decoding: c.dropLast(), as: UTF8.self)) }
            now = max(now + 1, driver.nextDeadline ?? now)
        }
        for _ in 0..<4 { step() }
        XCTAssertEqual(driver.statistics.timeouts, 3)
        XCTAssertEqual(driver.statistics.reinitialisations, 1)
        XCTAssertEqual(sent, ["010C", "010C", "010C", "ATZ"])
        XCTAssertFalse(driver.isConnected)
        // A silent adapter gets ATZ again every reset timeout, nothing else.
        for _ in 0..<3 { step() }
        XCTAssertEqual(Array(sent.suffix(3)), ["ATZ", "ATZ", "ATZ"])
        XCTAssertEqual(driver.statistics.timeouts, 6)
        // Said once that it stopped answering, whatever the number of ATZ since.
        XCTAssertEqual(
            driver.takeNotices(),
            ["the adapter stopped answering (3 commands in a row unanswered); re-initialising it (ATZ) until it does"])
        for _ in 0..<20 { step() }
        XCTAssertEqual(driver.takeNotices(), [])
        XCTAssertTrue(driver.isSilent)
        // It answers again: said once, and polling resumes.
        now += 1
        _ = run(&driver, &fake, from: now, until: now + 500 * ms)
        XCTAssertEqual(driver.takeNotices(), ["the adapter answers again"])
        XCTAssertFalse(driver.isSilent)
        XCTAssertTrue(driver.isConnected)
    }

    func testAnAdapterSilentFromTheStartIsSaidOnceWithAdvice() {
        var driver = ELM327Driver(configuration: .init(polls: [.init(.engineSpeed, interval: 100 * ms)]))
        var now: UInt64 = 0
        for _ in 0..<30 {
            _ = driver.nextCommand(now: now)
            now = max(now + 1, driver.nextDeadline ?? now)
        }
        XCTAssertEqual(
            driver.takeNotices(),
            ["the adapter does not answer ATZ: is it an ELM327, at the board's baud rate, with the ignition on? retried from ATZ"])
        XCTAssertEqual(driver.takeNotices(), [])
    }

    func testSearchingExtendsDeadline() {
        var driver = ELM327Driver(configuration: .init(polls: [.init(.engineSpeed, interval: 100 * ms)]))
        var fake = FakeELM327()
        fake.searchingFirst = false
        _ = run(&driver, &fake, until: 100 * ms)
        let t: UInt64 = 1_000 * ms
        _ = driver.nextCommand(now: t)
        XCTAssertEqual(driver.nextDeadline, t + 2_000 * ms)
        _ = driver.feed(Array("SEARCHING...\r".utf8), now: t + 100 * ms)
        XCTAssertEqual(driver.nextDeadline, t + 100 * ms + 15_000 * ms)
        XCTAssertNil(driver.nextCommand(now: t + 5_000 * ms), "still searching, no timeout")
        XCTAssertEqual(driver.feed(Array("41 0C 00 04\r\r>".utf8), now: t + 6_000 * ms).first?.value, 1)
    }

    func testUnsolicitedPromptAndGarbageAreHarmless() {
        var driver = ELM327Driver()
        XCTAssertEqual(driver.feed(Array(">>>\r\r\u{0}xyz".utf8), now: 0), [])
        XCTAssertEqual(driver.statistics.unsolicited, 3)
        XCTAssertEqual(driver.nextCommand(now: 0), Array("ATZ\r".utf8))
        var rng = SplitMix64(seed: 5)
        var now: UInt64 = 0
        for _ in 0..<20_000 {
            let n = Int(rng.next() % 40)
            var chunk: [UInt8] = []
            for _ in 0..<n { chunk.append(UInt8(truncatingIfNeeded: rng.next())) }
            if rng.next() % 4 == 0 { chunk += Array("41 0C 1A F8\r>".utf8) }
            _ = driver.nextCommand(now: now)
            driver.feed(chunk, now: now) { XCTAssertTrue($0.value.isFinite) }
            now += UInt64(rng.next() % 500) * ms
        }
        XCTAssertGreaterThan(driver.statistics.responses, 100)
    }
}
