# shellcheck shell=bash
# Debian package dependencies: install only what is missing, without prompts.

_DEPS_APT_UPDATED=${_DEPS_APT_UPDATED:-}

# ensure_packages PKG...: installs the packages that dpkg does not report as installed,
# running `apt-get update` once (per shell) first; uses sudo when not root.
ensure_packages() {
    local pkg status missing=()
    for pkg in "$@"; do
        status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
        [[ $status == "install ok installed" ]] || missing+=("$pkg")
    done
    ((${#missing[@]} == 0)) && return 0

    local as_root=()
    if [[ $(id -u) -ne 0 ]]; then
        command -v sudo >/dev/null 2>&1 || {
            printf 'error: need root or sudo to install: %s\n' "${missing[*]}" >&2
            return 1
        }
        as_root=(sudo)
    fi
    printf '==> installing Debian packages: %s\n' "${missing[*]}"
    if [[ -z $_DEPS_APT_UPDATED ]]; then
        "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -q
        _DEPS_APT_UPDATED=1
    fi
    # Another install running (a script in the background): wait for its lock, not fail.
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "${missing[@]}"
}
