import CPanelSystem

/// The signals a panel service answers, so callers need not import CPanelSystem.
public enum LoopSignals {
    /// systemd's stop (KillSignal=SIGTERM): restore the console, STOPPING=1, exit.
    public static let terminate = SIGTERM
    /// Ctrl-C when run by hand: same as terminate.
    public static let interrupt = SIGINT
    /// ExecReload: re-read the board file (RELOADING=1 … READY=1).
    public static let reload = SIGHUP
    /// Free for the panel: e.g. save a screenshot.
    public static let user1 = SIGUSR1
    /// All four, for one `onSignals` call.
    public static let service: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGUSR1]
}

extension LoopSignals {
    /// Blocks SIGHUP and SIGUSR1 in this thread from now on, so one sent while the panel
    /// is still starting (opening its sound device, GPIO lines and display) waits for the
    /// loop's signalfd instead of ending the process (their default action). SIGTERM and
    /// SIGINT stay as they are: a stop asked while the panel waits for its display must
    /// end it at once. Call it first thing, before any thread starts.
    public static func holdRequestsUntilTheLoopTakesThem() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, reload)
        sigaddset(&set, user1)
        _ = pthread_sigmask(SIG_BLOCK, &set, nil)
    }
}
