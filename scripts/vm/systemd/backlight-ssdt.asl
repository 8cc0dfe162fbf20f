/*
 * The guest's backlight and ambient-light sensor (scripts/vm-systemd-test.sh).
 *
 * The backlight: QEMU's PC has none, and Debian's kernel builds no backlight driver that
 * works without hardware. This table, given to QEMU with -acpitable (compiled by iasl,
 * acpica-tools), describes what a laptop's
 * firmware does: the VGA device at 00:02.0 as an ACPI video bus (_DOS, _DOD) whose one
 * output, an LCD, has brightness levels (_BCL) and sets them (_BCM, read back by _BQC).
 * The kernel's ACPI video driver (video.ko, loaded by udev for LNXVIDEO) then registers
 * the real backlight class device /sys/class/backlight/acpi_video0 (type "firmware",
 * levels 0..10) with bl_power and brightness like any other, which is all the udev rule
 * and `gaugepanel backlight` deal with. Debian's 6.1 kernel registers an ACPI video
 * backlight only when a GPU driver asks for it, which bochs-drm does not, or after
 * video.register_backlight_delay seconds (0 by default): the harness boots with
 * video.register_backlight_delay=1.
 *
 * QEMU's own DSDT declares the VGA slot (S10, _ADR 0x00020000) without _STA; the kernel
 * prefers a device with the same _ADR that has backlight methods and no _STA, so GFX0
 * becomes 00:02.0's ACPI companion.
 *
 * The ambient-light sensor the brightness follows: an ACPI0008 device, as a laptop's
 * firmware describes its light sensor, whose _ALI (illuminance, lux) the kernel's acpi-als
 * driver (loaded by udev) evaluates on every read of
 * /sys/bus/iio/devices/iio:deviceN/in_illuminance_raw (and _input), IIO device name
 * "acpi-als". _ALI returns the 32-bit register of QEMU's pc-testdev (-device pc-testdev:
 * I/O port 0xE0, which keeps what is written to it, little-endian, and reads it back; 0 at
 * power-on), so the guest sets the light by writing the port through /dev/port.
 */
DefinitionBlock ("", "SSDT", 2, "GAUGEP", "BACKLITE", 0x00000001)
{
    External (\_SB.PCI0, DeviceObj)

    Scope (\_SB.PCI0)
    {
        Device (GFX0)
        {
            Name (_ADR, 0x00020000)
            Method (_DOS, 1, NotSerialized) { }
            Method (_DOD, 0, NotSerialized) { Return (Package () { 0x80010400 }) }

            Device (LCD0)
            {
                Name (_ADR, 0x0400)
                Name (BRT, 100)
                Method (_BCL, 0, NotSerialized)
                {
                    /* on AC, on battery, then the levels */
                    Return (Package () { 100, 50, 0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100 })
                }
                Method (_BCM, 1, NotSerialized) { BRT = Arg0 }
                Method (_BQC, 0, NotSerialized) { Return (BRT) }
            }
        }
    }

    Scope (\_SB)
    {
        Device (ALS0)
        {
            Name (_HID, "ACPI0008")
            Name (_UID, 0)
            OperationRegion (LUXR, SystemIO, 0xE0, 4)
            Field (LUXR, DWordAcc, NoLock, Preserve) { LUX, 32 }
            Method (_STA, 0, NotSerialized) { Return (0x0F) }
            Method (_ALI, 0, NotSerialized) { Return (LUX) }
        }
    }
}
