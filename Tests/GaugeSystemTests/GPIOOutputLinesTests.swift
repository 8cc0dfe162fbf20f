import GaugeSystem
import GaugeTestSupport
import Testing

/// The GPIO line driver over a fake character device: chips found by path, name or label,
/// lines by number or name, requested inactive, held, released inactive; what is missing
/// or busy named with what there is.
@Suite struct GPIOOutputLinesTests {
    func device() -> FakeGPIOSystemCalls {
        let calls = FakeGPIOSystemCalls()
        calls.addChip("/dev/gpiochip0", GPIOChipInfo(name: "gpiochip0", label: "pinctrl-bcm2835", lines: 54), names: (0..<54).map { "GPIO\($0)" })
        calls.addChip("/dev/gpiochip1", GPIOChipInfo(name: "gpiochip1", label: "raspberrypi-exp-gpio", lines: 8))
        calls.pulls = ["/dev/gpiochip0"]
        return calls
    }

    @Test func linesByNameOnAChipByLabelAreRequestedInactiveAndReleasedInactive() throws {
        let calls = device()
        let lines = try GPIOOutputLines.open(
            chip: "pinctrl-bcm2835", lines: [.name("GPIO17"), .offset(27)], activeLow: true, consumer: "gaugepanel:fan", calls: calls)
        #expect(lines.offsets == [17, 27])
        #expect(lines.chipDescription == "gpiochip0 [pinctrl-bcm2835]")
        let (fd, request) = try #require(calls.requests.first.map { ($0.key, $0.value) })
        #expect(request.activeLow && request.pulled && request.consumer == "gaugepanel:fan" && request.values == [0])
        #expect(lines.pulledInactive)
        try lines.set(0b10)
        try lines.set(0b10)  // unchanged: no ioctl
        try lines.set(0b11)
        lines.release()
        lines.release()
        #expect(calls.requests[fd]?.values == [0, 0b10, 0b11, 0])
        #expect(calls.closed.contains(fd))
        #expect(calls.chips["/dev/gpiochip0"]?.lines[17].used == false)
    }

    @Test func aChipByKernelNameOrPath() throws {
        let calls = device()
        #expect(
            try GPIOOutputLines.open(chip: "gpiochip1", lines: [.offset(3)], activeLow: false, consumer: "x", calls: calls).path == "/dev/gpiochip1")
        #expect(
            try GPIOOutputLines.open(chip: "/dev/gpiochip0", lines: [.offset(4)], activeLow: false, consumer: "x", calls: calls).chip.name
                == "gpiochip0")
    }

    @Test func aMissingChipListsTheChipsThere() {
        #expect(
            throws: GPIOError(
                "GPIO chip \"gpio-sim\" not found; chips here: gpiochip0 [pinctrl-bcm2835, 54 lines], gpiochip1 [raspberrypi-exp-gpio, 8 lines]")
        ) {
            try GPIOOutputLines.open(chip: "gpio-sim", lines: [.offset(1)], activeLow: false, consumer: "x", calls: device())
        }
        #expect(
            throws: GPIOError(
                "GPIO chip \"gpiochip7\" not found (/dev/gpiochip7: No such file or directory); chips here: gpiochip0 [pinctrl-bcm2835, 54 lines], gpiochip1 [raspberrypi-exp-gpio, 8 lines]"
            )
        ) {
            try GPIOOutputLines.open(chip: "gpiochip7", lines: [.offset(1)], activeLow: false, consumer: "x", calls: device())
        }
    }

    @Test func aMissingLineNamesWhatTheChipHas() {
        #expect(throws: GPIOError("GPIO line 60 is not on gpiochip0 [pinctrl-bcm2835]: it has lines 0…53")) {
            try GPIOOutputLines.open(chip: "gpiochip0", lines: [.offset(60)], activeLow: false, consumer: "x", calls: device())
        }
        do {
            _ = try GPIOOutputLines.open(chip: "gpiochip0", lines: [.name("GPIO99")], activeLow: false, consumer: "x", calls: device())
            Issue.record("a missing line name was found")
        } catch {
            #expect(error.description.hasPrefix("no GPIO line named \"GPIO99\" on gpiochip0 [pinctrl-bcm2835]; its lines: GPIO0, GPIO1"))
        }
        #expect(throws: GPIOError("no GPIO line named \"FAN\" on gpiochip1 [raspberrypi-exp-gpio]; its lines have no names (give the line's number)"))
        {
            try GPIOOutputLines.open(chip: "gpiochip1", lines: [.name("FAN")], activeLow: false, consumer: "x", calls: device())
        }
    }

    @Test func aLineHeldElsewhereIsBusyAndItsHolderNamed() throws {
        let calls = device()
        let first = try GPIOOutputLines.open(chip: "gpiochip0", lines: [.offset(17)], activeLow: false, consumer: "gaugepanel:fan", calls: calls)
        #expect(
            throws: GPIOError(
                "GPIO line 17 (GPIO17) of gpiochip0 [pinctrl-bcm2835] is busy: held by \"gaugepanel:fan\"; stop it or pick another line")
        ) {
            try GPIOOutputLines.open(chip: "gpiochip0", lines: [.offset(22), .offset(17)], activeLow: false, consumer: "other", calls: calls)
        }
        first.release()
        _ = try GPIOOutputLines.open(chip: "gpiochip0", lines: [.offset(17)], activeLow: false, consumer: "other", calls: calls)
    }
}
