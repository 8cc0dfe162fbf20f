# shellcheck shell=bash
# Shared helpers for scripts/*.sh. Source after cd-ing to the repository root.

# Messages: progress on stdout, problems on stderr.
log() { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# The repository root, from any script under scripts/ (this file is scripts/lib/common.sh).
repo_root() { (cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd); }

# Checks, the one pass/fail convention of the check scripts (cross-CPU, budgets, and the
# Python harnesses through scripts/lib/checks.py): a failure is one "FAIL: …" line, the
# last line is "N passed, N failed", the exit status 0 only when nothing failed.
CHECKS_PASSED=0
CHECKS_FAILED=0
pass() { CHECKS_PASSED=$((CHECKS_PASSED + 1)); if (($# > 0)); then echo "ok: $*"; fi; return 0; }
fail() { CHECKS_FAILED=$((CHECKS_FAILED + 1)); echo "FAIL: $*"; return 0; }
finish() {
    echo "$CHECKS_PASSED passed, $CHECKS_FAILED failed"
    if ((CHECKS_FAILED == 0)); then exit 0; else exit 1; fi
}

# Step bookkeeping for scripts that run several checks and report them together.
STEP_RESULTS=()
STEP_FAILURES=0

# run_step NAME TIMEOUT_SECONDS CMD...: runs CMD under `timeout`, records pass/fail, the
# time taken and the CPU time it used, and never aborts the caller (set -e does not apply
# inside `if`).
run_step() {
    local name=$1 limit=$2; shift 2
    local start=$SECONDS rc=0 cpu_file
    cpu_file=$(mktemp "${TMPDIR:-/tmp}/gaugepanel-cpu.XXXXXX")
    log "$name"
    if with_cpu_time "$cpu_file" timeout --kill-after=30 "$limit" "$@"; then rc=0; else rc=$?; fi
    record_step "$name" "$rc" "$((SECONDS - start))s, $(cpu_seconds "$cpu_file") s CPU" "$limit"
    return 0
}

# with_cpu_time FILE CMD...: runs CMD in a subshell that writes, when CMD has ended, the
# user and system time of what it waited for to FILE (bash's `times`); CMD's exit status.
# The summary's CPU seconds say what a step costs on a machine whose cores are shared.
with_cpu_time() {
    local file=$1; shift
    ( rc=0; "$@" || rc=$?; times > "$file"; exit "$rc" )
}
# cpu_seconds FILE: the children's user + system seconds from `times` output, rounded.
cpu_seconds() {
    awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] } printf "%d", t + 0.5 }' "$1" 2>/dev/null
    rm -f "$1"
}

# record_step NAME EXIT_STATUS TOOK LIMIT: one line of the summary.
record_step() {
    local name=$1 rc=$2 took=$3 limit=$4
    if ((rc == 0)); then
        STEP_RESULTS+=("PASS  $name ($took)")
    else
        local why="exit $rc"
        ((rc == 124)) && why="timed out after ${limit}s"
        STEP_RESULTS+=("FAIL  $name ($took, $why)")
        STEP_FAILURES=$((STEP_FAILURES + 1))
    fi
}

# Background steps: a build that needs nothing from the steps before it starts early at
# the lowest priority (nice 19), to take the core that single-threaded steps (tests, pty
# runs) leave idle; its output goes to a log, shown when the step is collected. Nice does
# not make it free: a step with its own heavy build or tight timing (the kernel display
# harness) runs after the builds are collected.
#   start_background ID TIMEOUT_SECONDS CMD...   starts CMD (under `timeout`)
#   wait_step ID NAME                            waits for it, prints its log, records it
declare -A BACKGROUND_PID=() BACKGROUND_LOG=() BACKGROUND_START=() BACKGROUND_LIMIT=() BACKGROUND_CPU=()
start_background() {
    local id=$1 limit=$2; shift 2
    BACKGROUND_LOG[$id]=$(mktemp "${TMPDIR:-/tmp}/gaugepanel-$id.XXXXXX")
    BACKGROUND_CPU[$id]=$(mktemp "${TMPDIR:-/tmp}/gaugepanel-cpu.XXXXXX")
    BACKGROUND_START[$id]=$SECONDS BACKGROUND_LIMIT[$id]=$limit
    log "$id: started in the background at low priority (collected later)"
    with_cpu_time "${BACKGROUND_CPU[$id]}" nice -n 19 timeout --kill-after=30 "$limit" "$@" > "${BACKGROUND_LOG[$id]}" 2>&1 &
    BACKGROUND_PID[$id]=$!
}
wait_step() {
    local id=$1 name=$2 rc=0 waited=$SECONDS
    collect_background "$id" "$name" || rc=$?
    record_step "$name" "$rc" "$(background_took "$id" "$waited")" "${BACKGROUND_LIMIT[$id]}"
}
# background_took ID WAITED_SINCE: "Ns in the background, N s CPU, Ns waited".
background_took() {
    echo "$((SECONDS - BACKGROUND_START[$1]))s in the background, $(cpu_seconds "${BACKGROUND_CPU[$1]}") s CPU, $((SECONDS - $2))s waited"
}
# wait_prefetch ID NAME: as wait_step, for a background job that only fetches ahead what
# later steps fetch themselves when it is missing (downloads, cached roots): not finished
# in its time or failed, it is a note in the summary, not a failure; the steps that use it
# decide.
wait_prefetch() {
    local id=$1 name=$2 rc=0 waited=$SECONDS
    collect_background "$id" "$name" || rc=$?
    local took
    took=$(background_took "$id" "$waited")
    if ((rc == 0)); then
        record_step "$name" 0 "$took" "${BACKGROUND_LIMIT[$id]}"
    else
        local why="exit $rc"
        ((rc == 124)) && why="not finished in ${BACKGROUND_LIMIT[$id]}s"
        STEP_RESULTS+=("NOTE  $name ($took, $why: the steps that use it fetch the rest)")
    fi
}
# collect_background ID NAME: waits for the job, prints its log; returns its exit status.
collect_background() {
    local id=$1 name=$2 rc=0
    log "$name (started in the background $((SECONDS - BACKGROUND_START[$id]))s ago)"
    wait "${BACKGROUND_PID[$id]}" || rc=$?
    cat "${BACKGROUND_LOG[$id]}"
    rm -f "${BACKGROUND_LOG[$id]}"
    unset "BACKGROUND_PID[$id]"
    return "$rc"
}
# stop_background: ends what is still running (on exit, so nothing outlives the caller):
# each job's subshell and what runs under it.
stop_background() {
    local pid
    for pid in "${BACKGROUND_PID[@]}"; do kill_tree "$pid"; done
}
kill_tree() {
    local child
    for child in $(pgrep -P "$1"); do kill_tree "$child"; done
    kill "$1" 2>/dev/null || true
}

# skip_step NAME REASON: records a step that did not apply.
skip_step() { STEP_RESULTS+=("SKIP  $1 ($2)"); }

# print_summary: the table of steps; returns non-zero when any step failed.
print_summary() {
    printf '\n==== summary ====\n'
    printf '%s\n' "${STEP_RESULTS[@]}"
    if ((STEP_FAILURES > 0)); then
        printf '%d step(s) failed\n' "$STEP_FAILURES"
        return 1
    fi
    printf 'all steps passed\n'
}
