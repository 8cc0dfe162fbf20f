"""Run-time settings: the gaugepanel binary, the work directory and the repository root.
boards.py sets them from its command line before any case runs; read them through the
module (`settings.gp`), never `from .settings import gp`, which would keep the None."""

gp = None       # the gaugepanel binary, absolute
work = None     # the work directory, absolute (one folder per case)
repo = None     # the repository root (boards/, dashboards/)
