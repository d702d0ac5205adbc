// The runner's caps on what a service can make it do, each with the reason for its value. They are listed in
// the README ("Caps"); an answer beyond one is reported, never held or worked through whole.

/**
 * Longest delay a Node timer keeps: a larger one fires after 1 ms (with a TimeoutOverflowWarning), so a
 * longer `--timeout-ms` would end every request at once.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Default largest answer body read, in decoded bytes (after gzip or any Content-Encoding is undone, so a
 * small compressed body that expands to gigabytes counts at its expanded size). The contract's largest
 * example answer is 3 KB (two trade-history events); a page of 1000 of them, the largest page the runner
 * asks for (its page-size probe), is about 1.5 MB. 4 MiB leaves more than twice that, while what one
 * answer can make the runner hold (bytes, text, parsed value, times the concurrency) stays within a few
 * hundred MB, and Respect, which keeps a step's answer several times over in its log, stays near that too.
 */
export const DEFAULT_MAX_BODY_BYTES = 4 * 2 ** 20;

/**
 * Largest `--max-body-bytes`: the decoded text of a body is one string, and 256 MiB stays well under the
 * longest string V8 holds (about 512 Mi characters) on every Node line.
 */
export const MAX_BODY_BYTES_LIMIT = 256 * 2 ** 20;

/**
 * Largest body whose every schema error is looked for. Ajv's all-errors mode costs time in the square of
 * the errors found (each `$ref`'d item copies the errors so far): a 256 KB array of invalid items took
 * about a minute, 2 MB over five. Up to 64 KiB every error is collected (a quarter of a second at worst);
 * past it only the first one is, which stops at the first invalid item. Respect, which checks the flows'
 * answers with all errors, is not handed an invalid body past this size either (256 KiB of invalid items
 * took it 20 s, 4 MB over five minutes and 1.4 GB).
 */
export const FULL_VALIDATION_BYTES = 64 * 2 ** 10;

/**
 * Largest answer passed on to Respect in a flow. The flows' steps read pages of 20 to 50 entries and single
 * objects (tens of KB); Respect holds a step's answer many times over (about 150 MB per MB of body), so a
 * larger one is shown to Respect as a 502 and noted, and the runner's own check of that operation reports it.
 */
export const FLOW_BODY_BYTES = 2 ** 20;

/** Most schema errors reported for one answer: more say the same thing again, and swell every report. */
export const MAX_SCHEMA_ERRORS = 20;

/**
 * Time Respect gets for one flow file beyond what its requests may take (each up to its wait for the proxy):
 * its start (a second or two) and its checks, once the answers it is handed are bounded, take far less.
 */
export const RESPECT_MARGIN_MS = 60_000;

/** Most characters of Respect's own output kept to report a run of it that left no log (its last lines). */
export const RESPECT_OUTPUT_CHARS = 16 * 2 ** 10;
