#!/bin/bash
# homelab-feed.sh — the host's load, memory and disk use as GaugePanel line-protocol lines
# (docs/line-protocol.md), one every INTERVAL seconds (default 2):
#   load=0.42 load5=0.37 memory=38.4 disk=61
# The kernel's /proc has no sysfs file a [[sensor]] could read, so the homelab boards take
# these channels from this script.
#
#   homelab-feed.sh [INTERVAL] HOST:PORT   each line one UDP datagram to HOST:PORT (bash's
#                                          /dev/udp, no other program): pitft-28.toml's
#                                          kind = "udp" sensor listens on 127.0.0.1:4711
#   homelab-feed.sh [INTERVAL] mqtt://HOST[:PORT]
#                                          each value published to an MQTT broker with
#                                          mosquitto_pub (Debian mosquitto-clients) on
#                                          homelab/<host>/load, …/load5, …/memory, …/disk
#                                          (<host>: hostname -s): pi-hdmi.toml's kind = "mqtt"
#                                          sensor reads them from localhost:1883; a login
#                                          goes in ~/.config/mosquitto_pub (-u, -P lines)
#   homelab-feed.sh [INTERVAL]             the lines on standard output (for a pipe or a
#                                          pseudo-terminal that socat makes for a serial
#                                          sensor: socat PTY,link=/dev/shm/gaugepanel-host,rawer EXEC:…)
#
# scripts/install-service.sh installs it with gaugepanel-feed.service for a board that
# reads it; it runs as the service user.
interval=${1:-2}
target=${2:-}
mqtt=0
if [[ $target == mqtt://* ]]; then
    mqtt=1 broker=${target#mqtt://} port=1883
    [[ $broker == *:* ]] && port=${broker##*:} broker=${broker%:*}
    [[ -n $broker && $port =~ ^[0-9]+$ ]] || { echo "homelab-feed.sh: expected mqtt://HOST[:PORT], got $target" >&2; exit 2; }
    command -v mosquitto_pub >/dev/null || { echo "homelab-feed.sh: mosquitto_pub not found (sudo apt install mosquitto-clients)" >&2; exit 2; }
    me=$(hostname -s 2>/dev/null || cat /proc/sys/kernel/hostname)
    me=${me//[^A-Za-z0-9_.-]/}
    prefix=homelab/${me:-host}
elif [[ -n $target ]]; then
    host=${target%:*} port=${target##*:}
    [[ $host != "$target" && $port =~ ^[0-9]+$ ]] || { echo "homelab-feed.sh: expected HOST:PORT, got $target" >&2; exit 2; }
fi
while :; do
    read -r l1 l5 _ < /proc/loadavg
    mem=$(awk '/^MemTotal:/ { t = $2 } /^MemAvailable:/ { a = $2 } END { if (t > 0) printf "%.1f", (t - a) * 100 / t }' /proc/meminfo)
    disk=$(df -P / | awk 'NR == 2 { sub("%", "", $5); print $5 }')
    line=$(printf 'load=%s load5=%s memory=%s disk=%s' "$l1" "$l5" "${mem:-0}" "${disk:-0}")
    if ((mqtt)); then
        # A broker that is away is no error worth a log line: the next values go in INTERVAL s.
        for pair in "load $l1" "load5 $l5" "memory ${mem:-0}" "disk ${disk:-0}"; do
            mosquitto_pub -h "$broker" -p "$port" -t "$prefix/${pair%% *}" -m "${pair#* }" 2>/dev/null
        done
    elif [[ -n $target ]]; then
        # One datagram (one write). Nobody listening is no error worth a log line: the
        # panel may be restarting; the next line goes out in INTERVAL seconds.
        { printf '%s\n' "$line" >"/dev/udp/$host/$port"; } 2>/dev/null
    else
        printf '%s\n' "$line"
    fi
    sleep "$interval"
done
