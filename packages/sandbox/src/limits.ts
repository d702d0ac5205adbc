// The sandbox's own bounds on what one request may ask of it, each with the reason for its value, so that
// every answer stays within a documented multiple of the request and of the world's size (README, "Bounds").

/**
 * Most values of a list input: the pair bases of a latest-prices query, a repeated query parameter (`tags`)
 * or a comma-separated one (`chains`). The world has 22 markets, a handful of tags and one chain; a
 * dashboard asks for every market at once, and 256 is ten times the world's markets. A request past it is
 * refused with 400 naming the input; within it, each distinct pair base is answered once.
 */
export const MAX_LIST_ITEMS = 256;

/**
 * Longest text of the request an answer or a message shows (a refused value, a chain the world does not
 * hold), in characters; longer text is cut and ends with `…`. The values a client matches an answer on
 * (an unresolvable pair base in `failures`) are shown whole, once each.
 */
export const SHOWN_CHARS = 60;

/**
 * Most writes (distinct joins, trades opened, positions closed) one world keeps. A write costs the same however
 * many came before it (the bench holds one at 20,000), and about 2 KB of memory for a trade by a new address; a
 * test makes a handful, a load test thousands. Past it a write is refused with 409 `world-full` until the world
 * is reset (`DELETE /__sandbox`).
 */
export const MAX_WORLD_WRITES = 50_000;

/**
 * Most trades `GET /__sandbox/positions` lists: the latest made, beside the count of all. A world keeps up to
 * MAX_WORLD_WRITES of them, and at about 1.5 KB a Position all of them would be a 75 MB answer; a test reads the
 * few it made, and each Position is also in the positions list of its trader, which pages.
 */
export const MAX_TRADES_LISTED = 256;

/**
 * Most writes the worlds of one sandbox keep together: twice one world's, so that the default world and the
 * one being written to both fit. Past it, the least recently used named worlds are forgotten (as past
 * MAX_WORLDS), so that no client can grow the server's memory beyond about 200 MB of writes.
 */
export const MAX_SANDBOX_WRITES = 2 * MAX_WORLD_WRITES;
