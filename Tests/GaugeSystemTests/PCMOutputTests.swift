import GaugeSystem
import GaugeTestSupport
import Testing

/// A PCM playback device: its node from what `[alarms] sound` says (a card by number or id),
/// opened at 48000 or 44100 Hz, an underrun prepared again and counted, and what cannot be
/// had said with the fix.
@Suite struct PCMOutputTests {
    static let cards = """
         0 [PCH            ]: HDA-Intel - HDA Intel PCH
                              HDA Intel PCH at 0xf7f10000 irq 33
         1 [Loopback       ]: Loopback - Loopback
                              Loopback 1

        """

    @Test func theDeviceNodeFromItsName() throws {
        let system = FakePanelSystem()
        system.files["/proc/asound/cards"] = Array(Self.cards.utf8)
        #expect(try PCMOutput.path(for: "default", system: system) == "/dev/snd/pcmC0D0p")
        #expect(try PCMOutput.path(for: "hw:2,3", system: system) == "/dev/snd/pcmC2D3p")
        #expect(try PCMOutput.path(for: "hw:Loopback,0", system: system) == "/dev/snd/pcmC1D0p")
        #expect(try PCMOutput.path(for: "hw:Loopback", system: system) == "/dev/snd/pcmC1D0p")
        #expect(try PCMOutput.path(for: "/dev/snd/pcmC4D1p", system: system) == "/dev/snd/pcmC4D1p")
        #expect(throws: SoundError("sound card \"USB\" not found (cards PCH, Loopback; `aplay -l` lists them)")) {
            try PCMOutput.path(for: "hw:USB,0", system: system)
        }
        #expect(throws: SoundError("sound \"plughw:0\": expected \"default\", \"hw:CARD,DEV\" or a path like /dev/snd/pcmC0D0p")) {
            try PCMOutput.path(for: "plughw:0", system: system)
        }
        #expect(throws: SoundError("sound \"hw:1,x\": expected \"hw:CARD,DEV\" (DEV a number)")) {
            try PCMOutput.path(for: "hw:1,x", system: system)
        }
        #expect(throws: SoundError("sound card \"X\" not found: no sound card (no /proc/asound/cards: is a sound driver loaded?)")) {
            try PCMOutput.path(for: "hw:X,0", system: FakePanelSystem())
        }
    }

    @Test func openedAt48kHzElse44100() throws {
        let pcm = FakePCMSystemCalls()
        pcm.devices["/dev/snd/pcmC0D0p"] = [44100]
        let o = try PCMOutput.open("/dev/snd/pcmC0D0p", calls: pcm)
        #expect(o.hardware.rate == 44100 && pcm.calls == ["hw 48000", "hw 44100", "sw"] && pcm.prepares == 1)
        pcm.devices["/dev/snd/pcmC0D0p"] = [8000]
        #expect(throws: SoundError("sound: /dev/snd/pcmC0D0p takes neither 48000 nor 44100 Hz, 16-bit, 1 or 2 channels: Invalid argument (errno 22)"))
        {
            try PCMOutput.open("/dev/snd/pcmC0D0p", calls: pcm)
        }
        pcm.openErrno = .permissionDenied
        #expect(throws: SoundError("sound: cannot open /dev/snd/pcmC0D0p: Permission denied (add the user to the audio group)")) {
            try PCMOutput.open("/dev/snd/pcmC0D0p", calls: pcm)
        }
    }

    @Test func aFullBufferTakesNothingAndAnUnderrunIsPreparedAgain() throws {
        let pcm = FakePCMSystemCalls()
        pcm.devices["/dev/snd/pcmC0D0p"] = [48000]
        let o = try PCMOutput.open("/dev/snd/pcmC0D0p", calls: pcm)
        let period = [Int16](repeating: 7, count: 960)
        for _ in 0..<4 { #expect(try o.write(period, frames: 960) == 960) }
        #expect(try o.write(period, frames: 960) == 0)  // full: EAGAIN
        pcm.play(frames: 3840 + 10)  // played dry: an underrun
        #expect(try o.write(period, frames: 960) == 960)
        #expect(o.underruns == 1 && pcm.prepares == 2)
        o.close()
        #expect(pcm.drops == 1 && pcm.closed == [40])
    }
}
