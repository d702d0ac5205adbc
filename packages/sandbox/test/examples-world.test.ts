// The examples are views of the sandbox's world (issue 27, item 2): every named response example of the
// bundled contract that names the cast (an address of Ava, Ben, Cy or Dee in its value, or one of their names
// in its summary) declares the request it answers in `x-request` ({ path, query, body }), and the sandbox at
// its default seed and now answers that request with the example's status and exactly its value. An example
// of a form the description lists besides the current one declares it in `x-variant`, and is compared with
// the sandbox's answer mapped to that form (test/support/example-variants.ts). Any other example that declares
// an `x-request` (the cast's markets and competitions) is held to the same. The examples are found by walking
// the bundle, so a new one is covered without a list; since they are all one world's answers, they agree with
// one another as the world does (agreement.test.ts, sums.test.ts).
import { describe, expect, it } from 'vitest';
import { resolve } from '../../../test/support/contract';
import { asVariant, EXAMPLE_VARIANTS } from '../../../test/support/example-variants';
import { contract, operations } from './support/contract.js';
import { AVA, ask, BEN, CY, DEE, defaultSandbox } from './support/world.js';

interface DeclaredRequest {
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | string[]>;
  body?: unknown;
}
interface WorldExample {
  operationId: string;
  status: string;
  key: string;
  value: unknown;
  namesCast: boolean;
  request?: DeclaredRequest;
  variant?: string;
}

const ADDRESSES = [AVA, BEN, CY, DEE];
const NAMES = /\b(Ava|Ben|Cy|Dee)\b/;

function worldExamples(): WorldExample[] {
  const found: WorldExample[] = [];
  for (const [operationId, entry] of operations) {
    for (const [status, response] of Object.entries(entry.operation.responses ?? {})) {
      const examples = resolve(contract.document, response).content?.['application/json']?.examples ?? {};
      for (const [key, reference] of Object.entries(examples)) {
        const example = resolve(contract.document, reference);
        const text = JSON.stringify(example.value).toLowerCase();
        const namesCast = ADDRESSES.some((address) => text.includes(address)) || NAMES.test(example.summary ?? '');
        if (!namesCast && example['x-request'] === undefined) continue;
        const { value, 'x-request': request, 'x-variant': variant } = example;
        found.push({ operationId, status, key, value, namesCast, request, variant });
      }
    }
  }
  return found;
}

const examples = worldExamples();
const sandbox = defaultSandbox();

describe('the examples that name the cast', () => {
  it('are found in the bundle: the cast appears in the examples of most operations', () => {
    const cast = examples.filter((example) => example.namesCast);
    expect(cast.length).toBeGreaterThanOrEqual(34);
    expect(new Set(cast.map((example) => example.operationId)).size).toBeGreaterThanOrEqual(15);
  });

  it.each(examples.map((example) => [`${example.operationId} ${example.status} ${example.key}`, example] as const))(
    '%s is the sandbox world answering its request',
    (_, example) => {
      expect(example.request, 'the example declares the request it answers in x-request').toBeDefined();
      const { path = {}, query = {}, body } = example.request as DeclaredRequest;
      const answer = ask(sandbox, example.operationId, query, path, body);
      expect(String(answer.status)).toBe(example.status);
      expect(asVariant(example.variant, answer.body)).toEqual(example.value);
    },
  );
});

describe('x-variant: an example of another form the description lists', () => {
  const board = {
    headers: [
      { key: 'tradingVolume', label: 'Trading volume (USD)' },
      { key: 'pnl', label: 'PnL (USD)' },
    ],
    data: {
      content: [{ rank: 1, trader: AVA, stats: { tradingVolume: 10.5, pnl: -1.25 } }],
      pageNumber: 0,
      pageSize: 1,
      totalPages: 3,
      totalElements: 3,
    },
    currentUser: { rank: 3, trader: CY, stats: { tradingVolume: 2 } },
  };

  it('is declared by the examples that show one, each named with the description words it rests on', () => {
    const declared = examples.flatMap((example) => (example.variant ? [example.variant] : []));
    expect(new Set(declared)).toEqual(new Set(Object.keys(EXAMPLE_VARIANTS)));
    for (const variant of Object.values(EXAMPLE_VARIANTS)) expect(variant.seed).not.toBe('');
  });

  it('drops rank from every row, the current user included, and keeps every other figure', () => {
    expect(asVariant('rows-without-rank', board)).toEqual({
      ...board,
      data: { ...board.data, content: [{ trader: AVA, stats: { tradingVolume: 10.5, pnl: -1.25 } }] },
      currentUser: { trader: CY, stats: { tradingVolume: 2 } },
    });
    expect(board.data.content[0]?.rank, 'the answer itself is left alone').toBe(1);
  });

  it('renames header keys to their positions and keys the stats alike, a missing key still missing', () => {
    expect(asVariant('numeric-header-keys', board)).toEqual({
      headers: [
        { key: '1', label: 'Trading volume (USD)' },
        { key: '2', label: 'PnL (USD)' },
      ],
      data: { ...board.data, content: [{ rank: 1, trader: AVA, stats: { '1': 10.5, '2': -1.25 } }] },
      currentUser: { rank: 3, trader: CY, stats: { '1': 2 } },
    });
  });

  it('omits a null priceAsOf only: a known one stays, so an example without it would differ', () => {
    expect(asVariant('price-as-of-omitted', { positionCount: 0, priceAsOf: null })).toEqual({ positionCount: 0 });
    expect(asVariant('price-as-of-omitted', { positionCount: 2, priceAsOf: 5 })).toEqual({
      positionCount: 2,
      priceAsOf: 5,
    });
  });

  it('still fails the walk when a figure differs, and refuses a variant it does not know', () => {
    const changed = structuredClone(board);
    changed.data.content[0]!.stats.pnl = -1.26;
    expect(asVariant('rows-without-rank', changed)).not.toEqual(asVariant('rows-without-rank', board));
    expect(() => asVariant('olderish', board)).toThrow(/rows-without-rank, numeric-header-keys, price-as-of-omitted/);
  });
});
