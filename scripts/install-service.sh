#!/usr/bin/env bash
# Installs GaugePanel as a systemd service:
#   - the system user `gaugepanel` in groups video, input, dialout, audio, and gpio where
#     the system has that group (Raspberry Pi OS: /dev/gpiochip*) (its sysusers.d entry in
#     /etc/sysusers.d/gaugepanel.conf);
#   - the binary to PREFIX/bin, the chosen board file to /etc/gaugepanel/board.toml;
#   - scripts/systemd/gaugepanel.service to /etc/systemd/system, verified and enabled;
#   - scripts/udev/70-gaugepanel-backlight.rules to /etc/udev/rules.d: group video may
#     switch a backlight off and on (bl_power) and dim it (brightness);
#   - for a board that reads the host feed, boards/homelab-feed.sh to PREFIX/lib/gaugepanel
#     and gaugepanel-feed.service, which runs it with the panel: datagrams to a udp
#     sensor on 127.0.0.1:4711 (pitft-28), MQTT messages to the broker on localhost:1883
#     (pi-hdmi; apt install mosquitto mosquitto-clients), or through socat onto the
#     pseudo-terminal /dev/shm/gaugepanel-host (a serial sensor there; apt install socat);
#   - with --can IFACE, scripts/systemd/80-can0.network (for IFACE) to /etc/systemd/network,
#     and systemd-networkd enabled without its systemd-networkd-wait-online.service.
#
# Usage: scripts/install-service.sh --board boards/NAME.toml [options]
#   --board FILE     the board configuration to install (required)
#   --binary FILE    the gaugepanel binary (default: .build/release/gaugepanel); it must
#                    start on its own: the firmware (scripts/build-firmware.sh), or a
#                    host build made with --static-swift-stdlib
#   --prefix DIR     where the binary goes, DIR/bin (default: /usr/local)
#   --destdir DIR    stage everything under DIR (also the DESTDIR variable); no user is
#                    created and nothing is started, so it runs without root
#   --can IFACE      bring the CAN interface IFACE (can0) up at every boot with
#                    systemd-networkd, beside NetworkManager (repeatable)
#   --no-enable      install but do not enable or start the service
#   --dry-run        print every action instead of doing it
set -euo pipefail

usage() { sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//'; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
board=""
binary="$repo/.build/release/gaugepanel"
prefix=/usr/local
destdir=${DESTDIR:-}
enable=1
dry_run=0
user=gaugepanel
groups=(video input dialout)
can_ifaces=()

while (($#)); do
    case $1 in
        --board) board=${2:?--board needs a file}; shift 2 ;;
        --binary) binary=${2:?--binary needs a file}; shift 2 ;;
        --prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
        --destdir) destdir=${2:?--destdir needs a directory}; shift 2 ;;
        --can) can_ifaces+=("${2:?--can needs an interface (can0)}"); shift 2 ;;
        --no-enable) enable=0; shift ;;
        --dry-run) dry_run=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done

# [alarms] sound plays on /dev/snd (group audio); [[output]] lines are /dev/gpiochip*,
# group gpio on Raspberry Pi OS (a system without the group keeps the chips root's).
groups+=(audio)
if grep -q '^gpio:' "${destdir:-}/etc/group" 2>/dev/null; then groups+=(gpio); fi
[[ -n $board ]] || { usage >&2; die "--board is required (one of: $(cd "$repo" && ls boards/*.toml 2>/dev/null | tr '\n' ' '))"; }
[[ -f $board ]] || die "board file $board not found; pick one from $repo/boards/"
[[ -x $binary ]] || die "binary $binary not found or not executable; build it with: swift build -c release --static-swift-stdlib --product gaugepanel"
[[ $prefix == /* ]] || die "--prefix must be absolute (got $prefix)"
[[ -z $destdir || $destdir == /* ]] || destdir=$(pwd)/$destdir
unit_source="$repo/scripts/systemd/gaugepanel.service"
[[ -f $unit_source ]] || die "$unit_source missing"
udev_rule_source="$repo/scripts/udev/70-gaugepanel-backlight.rules"
[[ -f $udev_rule_source ]] || die "$udev_rule_source missing"
network_source="$repo/scripts/systemd/80-can0.network"
for iface in "${can_ifaces[@]}"; do
    [[ $iface =~ ^[A-Za-z0-9_.-]{1,15}$ ]] || die "--can $iface: not an interface name (can0)"
    [[ -f $network_source ]] || die "$network_source missing"
done
if [[ -z $destdir && $dry_run == 0 && $(id -u) != 0 ]]; then
    die "installing into / needs root: run with sudo, or use --destdir DIR / --dry-run"
fi

bindir=$prefix/bin
libexecdir=$prefix/lib/gaugepanel
confdir=/etc/gaugepanel
unitdir=/etc/systemd/system
sysusersdir=/etc/sysusers.d
udevrulesdir=/etc/udev/rules.d
networkdir=/etc/systemd/network
feed_link=/dev/shm/gaugepanel-host
feed_address=127.0.0.1:4711
feed_broker=localhost:1883
# The host feed comes with a board that reads it: datagrams to its udp sensor's address,
# the local broker's homelab/ topics, or the pseudo-terminal socat makes.
needs_feed=0 feed_pty=0 feed_mqtt=0
feed_unit_source="$repo/scripts/systemd/gaugepanel-feed.service"
if grep -Eq "^[[:space:]]*listen[[:space:]]*=[[:space:]]*\"$feed_address\"" "$board"; then
    needs_feed=1
elif grep -Eq "^[[:space:]]*broker[[:space:]]*=[[:space:]]*\"$feed_broker\"" "$board" &&
     grep -Eq "^[[:space:]]*topic[[:space:]]*=[[:space:]]*\"homelab/" "$board"; then
    needs_feed=1 feed_mqtt=1
    feed_unit_source="$repo/scripts/systemd/gaugepanel-feed-mqtt.service"
elif grep -Eq "^[[:space:]]*device[[:space:]]*=[[:space:]]*\"$feed_link\"" "$board"; then
    needs_feed=1 feed_pty=1
    feed_unit_source="$repo/scripts/systemd/gaugepanel-feed-pty.service"
fi

# A board with a CAN sensor reads an interface something must bring up at boot.
board_can=$(awk '/^[[:space:]]*\[/ { sensor = ($0 ~ /^[[:space:]]*\[\[sensor\]\]/); can = 0; iface = "" }
    sensor && /^[[:space:]]*kind[[:space:]]*=[[:space:]]*"can"/ { can = 1 }
    sensor && /^[[:space:]]*interface[[:space:]]*=/ { i = $0; sub(/^[^"]*"/, "", i); sub(/".*/, "", i); iface = i }
    can && iface != "" { print iface; can = 0; iface = "" }' "$board" | sort -u | paste -sd ' ')
for iface in $board_can; do
    [[ " ${can_ifaces[*]} " == *" $iface "* ]] ||
        printf 'note: the board reads CAN on %s; --can %s brings it up at every boot (systemd-networkd)\n' "$iface" "$iface"
done

# run CMD...: does it, or prints it under --dry-run.
run() {
    if ((dry_run)); then printf '+ %s\n' "$*"; else "$@"; fi
}

# The user: in a staging root a sysusers.d entry creates it at first boot; on this
# machine it is created now (or its groups completed). The entry is a local file, so
# /etc/sysusers.d (/usr/lib/sysusers.d is the distribution's packages'); an entry an
# earlier version of this script wrote there is moved.
install_user() {
    local sysusers="$destdir$sysusersdir/gaugepanel.conf"
    local old="$destdir/usr/lib/sysusers.d/gaugepanel.conf"
    local entry
    entry="u $user - \"GaugePanel instrument panel\" /var/lib/gaugepanel /usr/sbin/nologin"
    for g in "${groups[@]}"; do entry+=$'\n'"m $user $g"; done
    run install -d -m 0755 "$(dirname "$sysusers")"
    if ((dry_run)); then printf '+ write %s\n' "$sysusers"; else printf '%s\n' "$entry" >"$sysusers"; fi
    if [[ -f $old ]] && grep -q "^u $user " "$old"; then
        run rm -f "$old"
        printf 'note: removed %s, written by an earlier install (the entry is now %s)\n' "${old#"$destdir"}" "$sysusersdir/gaugepanel.conf"
    fi
    if [[ -n $destdir ]]; then
        printf 'note: user %s will be created at first boot by systemd-sysusers (staged install)\n' "$user"
        return
    fi
    local list
    list=$(IFS=,; echo "${groups[*]}")
    if getent passwd "$user" >/dev/null; then
        run usermod --append --groups "$list" "$user"
    else
        run useradd --system --user-group --no-create-home --home-dir /var/lib/gaugepanel \
            --shell /usr/sbin/nologin --groups "$list" "$user"
    fi
}

# The backlight's udev rule: group video (the service's) may write bl_power and
# brightness. It applies to each backlight as it appears; on this machine the present
# ones get it now (an "add" event replayed for the backlight subsystem only).
install_udev_rule() {
    run install -D -m 0644 "$udev_rule_source" "$destdir$udevrulesdir/70-gaugepanel-backlight.rules"
    [[ -z $destdir ]] || return 0
    if [[ -S /run/udev/control ]] && command -v udevadm >/dev/null; then
        run udevadm control --reload
        run udevadm trigger --action=add --subsystem-match=backlight
    fi
}

# --can IFACE: systemd-networkd brings the interface up at its bit rate at every boot
# (NetworkManager, Raspberry Pi OS's, has no CAN settings). The .network file says
# RequiredForOnline=no, but networkd's systemd-networkd-wait-online.service, which
# `systemctl enable systemd-networkd` enables too, waits for at least one link that
# networkd manages to be online: with only CAN links it holds network-online.target for
# its whole timeout (2 minutes) and fails. So networkd is enabled without it; one enabled
# before stays so only if /etc/systemd/network has other .network files (links of its own).
install_can() {
    ((${#can_ifaces[@]})) || return 0
    local iface target f others=()
    for f in "$destdir$networkdir"/*.network; do
        [[ -e $f ]] || continue
        [[ " ${can_ifaces[*]/#/80-} " == *" $(basename "$f" .network) "* ]] || others+=("$(basename "$f")")
    done
    run install -d -m 0755 "$destdir$networkdir"
    for iface in "${can_ifaces[@]}"; do
        target="$destdir$networkdir/80-$iface.network"
        if ((dry_run)); then
            printf '+ write %s (Name=%s)\n' "$target" "$iface"
        else
            sed -e "s|^Name=can0\$|Name=$iface|" -e "1s|the CAN hat's can0|the CAN hat's $iface|" \
                "$network_source" >"$target"
            chmod 0644 "$target"
        fi
    done
    if ((!enable)); then
        printf 'note: systemd-networkd not enabled (--no-enable): sudo systemctl enable --now systemd-networkd.service\n'
        return
    fi
    local sysunits=/usr/lib/systemd/system
    if [[ -n $destdir ]]; then
        [[ -f $destdir$sysunits/systemd-networkd.service || -f $destdir/lib/systemd/system/systemd-networkd.service ]] ||
            printf 'note: %s has no systemd-networkd.service (yet): the links below start it once systemd has it\n' "$destdir"
        # What `systemctl enable systemd-networkd.service` does, less the wait-online service.
        run install -d -m 0755 "$destdir$unitdir/multi-user.target.wants" "$destdir$unitdir/sockets.target.wants"
        run ln -sf "$sysunits/systemd-networkd.service" "$destdir$unitdir/multi-user.target.wants/systemd-networkd.service"
        run ln -sf "$sysunits/systemd-networkd.socket" "$destdir$unitdir/sockets.target.wants/systemd-networkd.socket"
        run ln -sf "$sysunits/systemd-networkd.service" "$destdir$unitdir/dbus-org.freedesktop.network1.service"
        local wait_link=$destdir$unitdir/network-online.target.wants/systemd-networkd-wait-online.service
        if [[ -L $wait_link ]] && ((${#others[@]})); then
            printf 'note: systemd-networkd-wait-online.service stays enabled: networkd also has %s\n' "${others[*]}"
        elif [[ -L $wait_link ]]; then
            run rm -f "$wait_link"
        fi
        return
    fi
    local waiting
    waiting=$(systemctl is-enabled systemd-networkd-wait-online.service 2>/dev/null || true)
    run systemctl enable systemd-networkd.service
    if [[ $waiting == enabled ]] && ((${#others[@]})); then
        printf 'note: systemd-networkd-wait-online.service stays enabled: networkd also has %s\n' "${others[*]}"
    else
        run systemctl disable systemd-networkd-wait-online.service
    fi
    if systemctl is-active --quiet systemd-networkd.service 2>/dev/null; then
        run networkctl reload || printf 'note: networkctl reload failed; the new .network applies after: sudo systemctl restart systemd-networkd\n'
    else
        run systemctl start systemd-networkd.service
    fi
}

install_files() {
    run install -D -m 0755 "$binary" "$destdir$bindir/gaugepanel"
    local target="$destdir$confdir/board.toml"
    if [[ -f $target ]] && ! cmp -s "$board" "$target"; then
        run cp -p "$target" "$target.previous"
        printf 'note: the existing %s was kept as board.toml.previous\n' "$confdir/board.toml"
    fi
    run install -D -m 0644 "$board" "$target"
    local unit="$destdir$unitdir/gaugepanel.service"
    run install -d -m 0755 "$destdir$unitdir"
    if ((dry_run)); then
        printf '+ write %s (ExecStart=%s/gaugepanel, board %s/board.toml)\n' "$unit" "$bindir" "$confdir"
    else
        sed -e "s|@BINDIR@|$bindir|g" -e "s|@CONFDIR@|$confdir|g" "$unit_source" >"$unit"
        chmod 0644 "$unit"
    fi
}

# The service starts the binary with a clean environment, as its own user, with /home,
# /root and /run/user hidden (ProtectHome=yes): a build that finds the Swift runtime in a
# toolchain under a home folder (swiftly) starts in a shell and never as the service.
# Refused here, with the fix, rather than failing at every boot.
readonly static_fix="build it with: swift build -c release --static-swift-stdlib --product gaugepanel"
# The firmware this system takes. A Pi 4/400/5 on 32-bit Raspberry Pi OS runs a 64-bit
# kernel (uname -m: aarch64) under a 32-bit userland (dpkg: armhf, getconf LONG_BIT: 32):
# the userland says 32 or 64 bits, the kernel's CPU says armv6 or armv7.
firmware_for_system() {
    local kernel bits
    kernel=$(uname -m)
    case $(dpkg --print-architecture 2>/dev/null || true) in
        arm64) bits=64 ;;
        armhf|armel) bits=32 ;;
        *) bits=$(getconf LONG_BIT 2>/dev/null || echo 64) ;;
    esac
    case $kernel in
        aarch64) ((bits == 32)) && echo armv7 || echo aarch64 ;;
        armv6*) echo armv6 ;;
        arm*) echo armv7 ;;
    esac
}

check_binary() {
    local out runner=() kind="" kernel want
    kernel=$(uname -m)
    want=$(firmware_for_system)
    # The firmware for a Pi's CPU (out/firmware/gaugepanel-<cpu>) staged on another machine
    # (--destdir: an SD card's root) runs under qemu-user here, when there is one. A 64-bit
    # ARM kernel starts 32-bit ARM binaries itself.
    case $(file -bL "$binary" 2>/dev/null) in
        *"ARM aarch64"*) kind=aarch64; [[ $kernel == aarch64 ]] || runner=(qemu-aarch64) ;;
        *"32-bit"*", ARM,"*) kind=arm32; [[ $kernel == arm* || $kernel == aarch64 ]] || runner=(qemu-arm) ;;
    esac
    if [[ -n $want && $kernel == aarch64 && $want != aarch64 ]]; then
        printf 'note: this system has a 32-bit userland (%s) on a 64-bit kernel: its firmware is out/firmware/gaugepanel-%s\n' \
            "$(dpkg --print-architecture 2>/dev/null || echo "getconf LONG_BIT $(getconf LONG_BIT 2>/dev/null)")" "$want"
    fi
    if ((${#runner[@]})); then
        [[ -n $destdir || $dry_run == 1 ]] || die "binary $binary is for $(file -bL "$binary" | cut -d, -f2 | sed 's/^ //'), not this machine ($kernel${want:+, whose firmware is gaugepanel-$want}); stage it with --destdir, or install it on the Pi"
        if ! command -v "${runner[0]}" >/dev/null; then
            printf 'note: %s is for another CPU and %s (qemu-user) is not here: not started before staging\n' "$binary" "${runner[0]}"
            return
        fi
    fi
    if ! out=$(env -i "${runner[@]}" "$binary" --version 2>&1); then
        # A 64-bit host build needs a 64-bit userland's loader and libraries.
        if [[ $kind == aarch64 && -n $want && $want != aarch64 ]]; then
            die "binary $binary is a 64-bit build and does not start here (env -i $binary --version: ${out:-no output}): this system's userland is 32-bit; take the firmware out/firmware/gaugepanel-$want (scripts/build-firmware.sh $want)"
        fi
        die "binary $binary does not start on its own (env -i $binary --version: ${out:-no output}); $static_fix"
    fi
    if ((${#runner[@]} == 0)) && command -v ldd >/dev/null && ldd "$binary" >/dev/null 2>&1; then
        local unseen
        unseen=$(ldd "$binary" 2>/dev/null | awk '/not found/ { print $1 " (not found)" }
            $3 ~ /^\/(home|root|run\/user)\// { print $1 " from " $3 }' | paste -sd ' ')
        if [[ -n $unseen ]]; then
            die "binary $binary needs $unseen, which the service cannot see (ProtectHome=yes hides /home, /root, /run/user); $static_fix"
        fi
    fi
    printf 'checked: %s starts on its own (%s)\n' "$binary" "$out"
}

# After a real install: the installed binary started as the service user in the unit's
# sandbox, when systemd runs this machine.
check_in_sandbox() {
    [[ -z $destdir && $dry_run == 0 && -d /run/systemd/system ]] || return 0
    command -v systemd-run >/dev/null || return 0
    local out
    if ! out=$(systemd-run --quiet --wait --pipe --collect -p User="$user" -p ProtectHome=yes -p ProtectSystem=strict \
            -p PrivateTmp=yes "$bindir/gaugepanel" --version 2>&1); then
        die "$bindir/gaugepanel does not start as user $user in the service's sandbox ($out); $static_fix"
    fi
    printf 'checked: %s starts as %s in the service sandbox (%s)\n' "$bindir/gaugepanel" "$user" "$out"
}

# The host feed (boards/homelab-feed.sh) for boards that read it: a sensor that nothing
# feeds would show "--" for ever.
socat_bin=""
install_feed() {
    ((needs_feed)) || return 0
    ((feed_pty)) && socat_bin=$(command -v socat || true)
    if ((feed_pty)) && [[ -z $socat_bin ]]; then
        [[ -n $destdir || $dry_run == 1 ]] || die "board $board reads $feed_link, which gaugepanel-feed.service makes with socat: install it first (sudo apt install socat)"
        socat_bin=/usr/bin/socat
        printf 'note: socat not found here; the feed unit runs %s (apt install socat on the Pi)\n' "$socat_bin"
    fi
    if ((feed_mqtt)) && [[ -z $destdir && $dry_run == 0 ]]; then
        command -v mosquitto_pub >/dev/null || die "board $board reads MQTT topics that gaugepanel-feed.service publishes with mosquitto_pub: install it first (sudo apt install mosquitto-clients)"
        command -v mosquitto >/dev/null || printf 'note: the board reads a broker on %s and none is installed here: sudo apt install mosquitto\n' "$feed_broker"
    fi
    run install -D -m 0755 "$repo/boards/homelab-feed.sh" "$destdir$libexecdir/homelab-feed.sh"
    local unit="$destdir$unitdir/gaugepanel-feed.service"
    if ((dry_run)); then
        if ((feed_pty)); then
            printf '+ write %s (ExecStart=%s … EXEC:%s/homelab-feed.sh)\n' "$unit" "$socat_bin" "$libexecdir"
        elif ((feed_mqtt)); then
            printf '+ write %s (ExecStart=%s/homelab-feed.sh 2 mqtt://%s)\n' "$unit" "$libexecdir" "$feed_broker"
        else
            printf '+ write %s (ExecStart=%s/homelab-feed.sh 2 %s)\n' "$unit" "$libexecdir" "$feed_address"
        fi
    else
        sed -e "s|@SOCAT@|$socat_bin|g" -e "s|@LIBEXECDIR@|$libexecdir|g" "$feed_unit_source" >"$unit"
        chmod 0644 "$unit"
    fi
}

verify_unit() {
    if ! command -v systemd-analyze >/dev/null; then
        printf 'note: systemd-analyze not found; unit not verified\n'
        return
    fi
    local unit="$destdir$unitdir/gaugepanel.service"
    if ((dry_run)); then printf '+ systemd-analyze verify %s\n' "$unit"; return; fi
    # Verify a copy whose ExecStart names the binary where it now lies, so a staged
    # install (whose root is no full system) is checked against this machine's systemd.
    local check
    check=$(mktemp -d)
    sed -e "s|@BINDIR@|$destdir$bindir|g" -e "s|@CONFDIR@|$destdir$confdir|g" "$unit_source" >"$check/gaugepanel.service"
    local units=("$check/gaugepanel.service")
    if ((needs_feed && feed_pty)) && [[ ! -x $socat_bin ]]; then
        printf 'note: gaugepanel-feed.service not verified: %s is not on this machine\n' "$socat_bin"
    elif ((needs_feed)); then
        sed -e "s|@SOCAT@|$socat_bin|g" -e "s|@LIBEXECDIR@|$destdir$libexecdir|g" "$feed_unit_source" >"$check/gaugepanel-feed.service"
        units+=("$check/gaugepanel-feed.service")
    fi
    if ! systemd-analyze verify "${units[@]}"; then
        rm -rf "$check"
        die "systemd-analyze rejected the unit (see above); fix scripts/systemd/$(basename "${units[-1]}")"
    fi
    rm -rf "$check"
    printf 'verified: systemd-analyze verify accepted %s\n' "${units[*]##*/}"
}

enable_unit() {
    ((enable)) || { printf 'note: not enabled (--no-enable)\n'; return; }
    if [[ -n $destdir ]]; then
        # What `systemctl enable` does, without a running systemd.
        run install -d -m 0755 "$destdir$unitdir/multi-user.target.wants"
        run ln -sf "$unitdir/gaugepanel.service" "$destdir$unitdir/multi-user.target.wants/gaugepanel.service"
        if ((needs_feed)); then
            run install -d -m 0755 "$destdir$unitdir/gaugepanel.service.wants"
            run ln -sf "$unitdir/gaugepanel-feed.service" "$destdir$unitdir/gaugepanel.service.wants/gaugepanel-feed.service"
        fi
    else
        run systemctl daemon-reload
        ((needs_feed)) && run systemctl enable gaugepanel-feed.service
        run systemctl enable --now gaugepanel.service
    fi
}

check_binary
install_user
install_files
install_udev_rule
install_feed
install_can
check_in_sandbox
verify_unit
enable_unit
if ((dry_run)); then
    printf 'dry run: nothing was changed\n'
else
    printf 'installed: %s%s/gaugepanel, %s%s/board.toml, %s%s/gaugepanel.service\n' \
        "$destdir" "$bindir" "$destdir" "$confdir" "$destdir" "$unitdir"
    printf 'installed: %s%s/70-gaugepanel-backlight.rules, %s%s/gaugepanel.conf\n' "$destdir" "$udevrulesdir" "$destdir" "$sysusersdir"
    for iface in "${can_ifaces[@]}"; do
        printf 'installed: %s%s/80-%s.network (systemd-networkd brings %s up)\n' "$destdir" "$networkdir" "$iface" "$iface"
    done
    ((needs_feed)) && printf 'installed: %s%s/homelab-feed.sh, %s%s/gaugepanel-feed.service (the board reads %s)\n' \
        "$destdir" "$libexecdir" "$destdir" "$unitdir" "$( ((feed_pty)) && echo "$feed_link" || { ((feed_mqtt)) && echo "mqtt $feed_broker"; } || echo "udp $feed_address")"
    true
fi
