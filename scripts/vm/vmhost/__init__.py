"""The parts of scripts/vm/run.py (the entry point, which runs main.main; its docstring says
what the harness does), a module per concept:

  qemu     QEMU's sockets: the QMP client, screendumps, keys by input-send-event, and the
           minimal VNC client that turns a second head on (--extra-head)
  screens  PPM files, `gaugepanel compare` and `gaugepanel render` on the host (through
           scripts/lib/panel.py), and screendumps until they equal a reference
  nmea     the garbage-laden burst of the 'boat' run (checksums: scripts/lib/nmea0183.py)
  canbus   the 'can' run's DBC reader and frame encoder, and its flood of undescribed ids;
           the 'canobd' run's OBD-II answers, the 'can2k' run's NMEA 2000 frames
  panel    the host's half of each '@@PANEL' run (drive_panel), the 'touch' test's runs
           and swipes, the connector's preferred mode
  options  the command line, and the state a run keeps on it
  network  the ARM harness's test 'net' (scripts/vm/arm.py): a broker and a TCP server on
           the host reached through QEMU's user networking, the screens they make
  gpio_arm the ARM harness's test 'gpio' (scripts/vm/arm.py): the firmware's [[output]] on
           -M virt's PL061, its held lines read from debugfs (the x86_64 'gpio' test is
           scripts/vm/gpio.py, a machine of its own)
  main     boots the machine, answers the guest's markers, then checks what it said

Imported by run.py with sys.dont_write_bytecode set: no __pycache__ in scripts/vm."""
