"""The parts of scripts/e2e/boards.py (see its docstring for what the test does):

  settings      the binary, work directory and repository, set by boards.py at run time
  report        the per-case report and the shared pass/fail count
  tomltext      TOML text rewriting: the board copies, a page moved first
  serial_lines  UDP ports standing in for serial lines, and the Feeder that writes a
                stream onto one (or onto scripts/lib/panel.py's Pty)
  nmea          the NMEA 0183 talker (sentences and garbage)
  lineproto     the line protocol's rounds (every valid form and garbled lines)
  elm327        the fake ELM327 clone and the OBD-II value formulas
  sysfs         a fake sysfs tree
  panel         one case's `gaugepanel run` (scripts/lib/panel.py's Panel) and settle
  runner        a Case and its run
  cases         every board's and dashboard's case
"""
