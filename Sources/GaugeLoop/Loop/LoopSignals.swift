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
