// Answers kept for repeated identical requests. A static mock answers the same request the same way every
// time, and a frontend repeats its requests (polling, re-renders, reloads), so a clean answer is replayed
// instead of going through Prism again. Bounded by entries and bytes, keyed by a hash of a size-capped
// canonical form of the request, and it never throws: whatever goes wrong, the request is simply not kept.
import { createHash } from 'node:crypto';
import { CACHE_MAX_BYTES, CACHE_MAX_ENTRIES, CACHE_MAX_REQUEST_BYTES } from './mock-limits.js';

/** An answer as kept: its body as the bytes sent. */
export interface KeptAnswer {
  status: number;
  headers: Record<string, string | number | readonly string[]>;
  body: Buffer;
}

/** What identifies a request: flat objects (headers, query, preferences) and strings. */
interface RequestIdentity {
  method: string;
  path: string;
  query: object;
  headers: object;
  bodyText: string | undefined;
  preferences: object;
}

interface AnswerCache {
  /** The key of a request, or undefined when it is not to be kept. */
  keyOf(request: RequestIdentity): string | undefined;
  get(key: string | undefined): KeptAnswer | undefined;
  set(key: string | undefined, answer: KeptAnswer): void;
  readonly size: { entries: number; bytes: number };
}

export function createAnswerCache({
  maxEntries = CACHE_MAX_ENTRIES,
  maxBytes = CACHE_MAX_BYTES,
  maxRequestBytes = CACHE_MAX_REQUEST_BYTES,
}: {
  maxEntries?: number;
  maxBytes?: number;
  maxRequestBytes?: number;
} = {}): AnswerCache {
  /** key -> the answer and its size, oldest first (a hit moves to the end). */
  const answers = new Map<string, { answer: KeptAnswer; bytes: number }>();
  let bytes = 0;

  return {
    keyOf({ method, path, query, headers, bodyText, preferences }) {
      // The parts are strings and flat objects whose size is checked before anything is built from them.
      try {
        const parts = [method, path, entriesOf(query), entriesOf(headers), bodyText ?? '', entriesOf(preferences)];
        let size = 0;
        for (const part of parts) {
          size +=
            typeof part === 'string'
              ? part.length
              : part.reduce((total, [name, value]) => total + name.length + value.length, 0);
        }
        if (size > maxRequestBytes) return undefined;
        return createHash('sha256').update(JSON.stringify(parts)).digest('base64');
      } catch {
        return undefined;
      }
    },
    get(key) {
      if (key === undefined) return undefined;
      const known = answers.get(key);
      if (known) {
        answers.delete(key);
        answers.set(key, known);
      }
      return known?.answer;
    },
    set(key, answer) {
      if (key === undefined) return;
      try {
        const size = answer.body.length + JSON.stringify(answer.headers).length + key.length;
        if (size > maxBytes) return;
        const previous = answers.get(key);
        if (previous) {
          answers.delete(key);
          bytes -= previous.bytes;
        }
        while (answers.size >= maxEntries || bytes + size > maxBytes) {
          const [oldestKey, oldest] = answers.entries().next().value as [string, { bytes: number }];
          answers.delete(oldestKey);
          bytes -= oldest.bytes;
        }
        answers.set(key, { answer, bytes: size });
        bytes += size;
      } catch {
        // Not kept; the answer was already sent.
      }
    },
    get size() {
      return { entries: answers.size, bytes };
    },
  };
}

/** A flat object's entries in a stable order, values as strings (a repeated query parameter is an array). */
function entriesOf(object: object | undefined): [string, string][] {
  if (!object) return [];
  return Object.entries(object)
    .map(([name, value]): [string, string] => [name, Array.isArray(value) ? value.join('\u0000') : String(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
