# shellcheck shell=bash
# A private apt for Debian's ARM packages: its own sources list (this machine's Debian
# suite, [arch=arm64,armhf,armel] only), package lists and cache under a build folder, so
# foreign-architecture .deb files can be had with `apt-get download` and unpacked with
# `dpkg -x` without touching the machine's dpkg architectures or its own apt state.
# Used by scripts/firmware/sysroot.sh (the firmware's C libraries) and
# scripts/vm-arm-test.sh (the ARM kernels and busybox).
#
#   source scripts/lib/private-apt.sh
#   private_apt_init "$BUILD/apt" [--refresh] || exit 1   # sets PRIVATE_APT_OPTS
#   private_apt cache depends linux-image-arm64            # apt-cache through it
#   private_apt_download DIR pkg:arch...                   # .deb files into DIR
#   private_apt_unpack DIR ROOT                            # every DIR/*.deb into ROOT
#   private_apt_source DIR SOURCE VERSION OUT              # a source package, unpacked

PRIVATE_APT_ARCHS=${PRIVATE_APT_ARCHS:-arm64,armhf,armel}
PRIVATE_APT_OPTS=()

# private_apt_options DIR [ARCHS]: apt's options for a private setup under DIR (its own
# state, cache and sources list; ARCHS its package architectures), in PRIVATE_APT_OPTS.
private_apt_options() {
    PRIVATE_APT_OPTS=(-o "Dir::State=$1/state" -o "Dir::Cache=$1/cache" -o "Dir::Etc::SourceList=$1/sources.list"
                      -o "Dir::Etc::SourceParts=/dev/null" -o "Debug::NoLocking=1" -o "APT::Sandbox::User=root" -q)
    [[ -n ${2:-} ]] && PRIVATE_APT_OPTS+=(-o "APT::Architectures=$2")
    return 0
}

# private_apt_update DIR LINE WHAT: DIR's sources list made of LINE (with this machine's
# Debian suite appended) and `apt-get update` run there with PRIVATE_APT_OPTS; its log:
# DIR/update.log.
private_apt_update() {
    local dir=$1 suite
    suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
    mkdir -p "$dir/state/lists/partial" "$dir/cache/archives/partial"
    echo "$2 http://deb.debian.org/debian $suite main" > "$dir/sources.list"
    printf '==> %s\n' "apt-get update (private, $3: $dir, $suite)"
    if ! apt-get "${PRIVATE_APT_OPTS[@]}" update > "$dir/update.log" 2>&1; then
        tail -5 "$dir/update.log" >&2
        printf 'error: %s\n' "private apt-get update failed (see $dir/update.log)" >&2
        return 1
    fi
}

# private_apt_init DIR [--refresh]: sets PRIVATE_APT_OPTS for DIR and runs `apt-get update`
# there when its lists are missing (or with --refresh). Its log: DIR/update.log.
private_apt_init() {
    local dir=$1
    private_apt_options "$dir" "$PRIVATE_APT_ARCHS"
    if [[ ${2:-} == --refresh ]] || ! ls "$dir"/state/lists/*_Packages* >/dev/null 2>&1; then
        private_apt_update "$dir" "deb [arch=$PRIVATE_APT_ARCHS signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
            "${PRIVATE_APT_ARCHS//,/ }" || return 1
    fi
}

# private_apt get|cache ARGS...: apt-get or apt-cache with the private setup.
private_apt() {
    local tool=$1; shift
    "apt-$tool" "${PRIVATE_APT_OPTS[@]}" "$@"
}

# private_apt_download DIR PKG...: `apt-get download` of PKG (name:arch) into DIR; the log
# is DIR/download.log (its last lines on stderr on failure).
private_apt_download() {
    local dir=$1; shift
    mkdir -p "$dir"
    if ! (cd "$dir" && apt-get "${PRIVATE_APT_OPTS[@]}" download "$@" > download.log 2>&1); then
        tail -5 "$dir/download.log" >&2
        return 1
    fi
}

# private_apt_unpack DIR ROOT: `dpkg -x` of every DIR/*.deb into ROOT.
private_apt_unpack() {
    local deb
    mkdir -p "$2"
    for deb in "$1"/*.deb; do dpkg -x "$deb" "$2" || return 1; done
}
# private_apt_source DIR SOURCE VERSION OUT: Debian's source package SOURCE at VERSION
# (apt-get source --download-only: its files checked against the suite's signed Sources
# index) unpacked with its patches into OUT (dpkg-source -x). A private apt of its own
# under DIR, with deb-src lines only; its logs are in DIR.
private_apt_source() (
    # A subshell: the options set here for DIR leave the caller's PRIVATE_APT_OPTS alone.
    dir=$1 src=$2 version=$3 out=$4
    private_apt_options "$dir"
    if ! ls "$dir"/state/lists/*_Sources* >/dev/null 2>&1; then
        private_apt_update "$dir" "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" sources || exit 1
    fi
    mkdir -p "$dir/files"
    if ! (cd "$dir/files" && apt-get "${PRIVATE_APT_OPTS[@]}" source --download-only "$src=$version" > download.log 2>&1); then
        tail -5 "$dir/files/download.log" >&2
        exit 1
    fi
    rm -rf "$out"
    if ! dpkg-source -x "$dir/files/${src}_${version#*:}.dsc" "$out" > "$dir/unpack.log" 2>&1; then
        tail -5 "$dir/unpack.log" >&2
        exit 1
    fi
)
