#!/bin/sh
# homelab-feed.sh — the host's load, memory and disk use as GaugePanel line-protocol lines
# (docs/line-protocol.md), one every INTERVAL seconds (default 2), on standard output:
#   load=0.42 load5=0.37 memory=38.4 disk=61
# The kernel's /proc has no sysfs file a [[sensor]] could read, so the homelab boards
# (pi-hdmi.toml, pitft-28.toml) take these channels from a serial sensor on a
# pseudo-terminal that socat connects to this script (no root needed; /dev/shm is the
# one place under /dev every user may create a link in):
#   socat PTY,link=/dev/shm/gaugepanel-host,rawer EXEC:/path/to/boards/homelab-feed.sh
# Run it as the same user as gaugepanel (the service user `gaugepanel`), e.g. from a
# second systemd unit, so that gaugepanel may open the pseudo-terminal.
interval=${1:-2}
while :; do
    read -r l1 l5 _ < /proc/loadavg
    mem=$(awk '/^MemTotal:/ { t = $2 } /^MemAvailable:/ { a = $2 } END { if (t > 0) printf "%.1f", (t - a) * 100 / t }' /proc/meminfo)
    disk=$(df -P / | awk 'NR == 2 { sub("%", "", $5); print $5 }')
    printf 'load=%s load5=%s memory=%s disk=%s\n' "$l1" "$l5" "${mem:-0}" "${disk:-0}"
    sleep "$interval"
done
