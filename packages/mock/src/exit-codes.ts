// The exit codes of the mock's process that startMock reads, in a module of their own: the process reads them
// before it loads anything else (server.ts), so a refused sandbox costs no more than the sandbox's own check.

/** The exit code of the mock's process when the sandbox refuses its seed or now (the reason on stderr). */
export const INVALID_SANDBOX_EXIT = 4;
