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
