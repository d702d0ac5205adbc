// The code the docs show cannot rot: every TypeScript sample (operations' x-codeSamples and the guides' ```ts
// blocks) compiles against the client package's source, the guides print what their comments promise, and the
// operation samples run against the mock and print what a user would see.
import path from 'node:path';
import { describe, expect, inject, it, vi } from 'vitest';
import { type Json, loadBundle } from '../support/contract';
import {
  type CodeSample,
  clientPackage,
  codeSamples,
  promisedOutput,
  root,
  runnableSample,
  sampleBaseUrl,
  typeCheck,
} from './samples';

const document = loadBundle();
const samples = codeSamples(document);
const operationSamples = samples.filter((sample) => !sample.name.startsWith('guide-'));
const guideSamples = samples.filter((sample) => sample.name.startsWith('guide-'));
const scratch = path.join(root, 'test-output/docs-samples');

const exampleValue = (route: string, method: string, key: string): Json =>
  document.paths[route][method].responses['200'].content['application/json'].examples[key].value;

/**
 * Runs a sample as a module and returns what it printed with console.log (one string per call) and how many
 * requests it sent. `prefer` goes out as the `Prefer` header of every request, to pick a case of the mock.
 */
async function run(
  sample: CodeSample,
  baseUrl: string,
  prefer?: string,
): Promise<{ printed: string[]; requests: number }> {
  const printed: string[] = [];
  let requests = 0;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: Request | string | URL, init?: RequestInit) => {
    requests++;
    const request = new Request(input, init);
    if (prefer) request.headers.set('Prefer', prefer);
    return realFetch(request);
  });
  const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void printed.push(parts.join(' ')));
  try {
    await import(runnableSample(sample, path.join(scratch, 'run'), baseUrl));
  } finally {
    log.mockRestore();
    vi.unstubAllGlobals();
  }
  return { printed, requests };
}

describe('code samples in the docs', () => {
  it('cover the main operations, each labelled as the client package', () => {
    expect(operationSamples.map((sample) => sample.name)).toEqual(
      expect.arrayContaining([
        'listLeaderboard',
        'getUnrealizedPnl',
        'queryPriceUpdates',
        'queryLatestPrices',
        'listPositions',
        'joinCompetition',
      ]),
    );
    for (const sample of operationSamples) {
      expect({ name: sample.name, lang: sample.lang, label: sample.label }).toEqual({
        name: sample.name,
        lang: 'TypeScript',
        label: clientPackage,
      });
      expect(sample.source, sample.name).toContain(`from '${clientPackage}'`);
      // One address to swap, so every sample can run against a mock.
      expect(sample.source.split(`'${sampleBaseUrl}'`).length - 1, sample.name).toBe(1);
    }
  });

  it('use the client helpers the guides teach', () => {
    const source = (name: string) => samples.find((sample) => sample.name === name)?.source ?? '';
    expect(source('listLeaderboard')).toMatch(/paginate\(/);
    expect(source('getUnrealizedPnl')).toMatch(/unwrap\([\s\S]*instanceof ApiError && error\.status === 503/);
    expect(source('queryPriceUpdates')).toMatch(/oracleTransactionValue\(/);
    expect(source('listPositions')).toMatch(/formatUnits\(/);
    expect(guideSamples.map((sample) => sample.name)).toEqual(
      expect.arrayContaining(['guide-units-and-scales', 'guide-oracle-price-updates-and-the-transaction-value']),
    );
  });

  it('compile against the client package source', () => {
    expect(typeCheck(samples, path.join(scratch, 'typecheck'))).toEqual([]);
  });

  it('fail the check when a sample no longer compiles', () => {
    const leaderboard = samples.find((sample) => sample.name === 'listLeaderboard')!;
    const broken = { ...leaderboard, source: leaderboard.source.replace('entry.rank', 'entry.position') };
    expect(broken.source).not.toBe(leaderboard.source);
    expect(typeCheck([broken], path.join(scratch, 'typecheck-broken')).join('\n')).toMatch(
      /Property 'position' does not exist/,
    );
  });

  it.each(guideSamples.map((sample) => [sample.name, sample] as const))(
    '%s prints what its comments promise',
    async (_name, sample) => {
      const promised = promisedOutput(sample.source);
      expect(promised.length).toBeGreaterThan(0);
      expect((await run(sample, sampleBaseUrl)).printed).toEqual(promised);
    },
  );
});

describe('operation samples against the mock', () => {
  // The run's shared mock (the global setup's): the samples only send requests.
  const mock = { url: inject('mockUrl') };
  const sample = (name: string) => operationSamples.find((candidate) => candidate.name === name)!;

  it.each(operationSamples.map((entry) => [entry.name, entry] as const))(
    '%s runs and prints a result',
    async (_name, entry) => {
      const { printed } = await run(entry, mock.url);
      expect(printed.length).toBeGreaterThan(0);
      for (const line of printed) expect(line).not.toMatch(/undefined|NaN|\[object /);
    },
  );

  it('listLeaderboard walks two pages of entries', async () => {
    const page = exampleValue('/v1/leaderboard', 'get', 'firstPage');
    const { printed, requests } = await run(sample('listLeaderboard'), mock.url);
    expect(requests).toBe(2);
    expect(printed).toHaveLength(2 * page.content.length);
    for (const line of printed) expect(line).toMatch(/^#\d+ 0x[0-9a-f]{40}: -?[0-9.]+ USD, [0-9.]+ % won$/);
  });

  it('getUnrealizedPnl prints the decimal strings unchanged', async () => {
    const value = exampleValue('/v1/portfolio/{user_address}/unrealized-pnl', 'get', 'withPositions');
    expect((await run(sample('getUnrealizedPnl'), mock.url)).printed).toEqual([
      `${value.positionCount} positions: ${value.unrealizedPnlUsd} USD`,
      `after accrued fees: ${value.unrealizedPnlAfterAccruedFeesUsd} USD`,
    ]);
  });

  it('getUnrealizedPnl retries a 503 and then reports the value as unavailable, never as 0', async () => {
    const { printed, requests } = await run(sample('getUnrealizedPnl'), mock.url, 'code=503');
    expect(printed).toEqual(['Unrealized PnL is unavailable right now']);
    expect(requests).toBe(4);
  });

  it('queryPriceUpdates attaches updateFee + verifition_fee + the native collateral', async () => {
    const result = exampleValue('/v1/oracle/price/updates/by-position', 'post', 'standardUsdcCollateral');
    const expected = BigInt(result.updateFee ?? 0) + BigInt(result.verifition_fee ?? 0) + 25n * 10n ** 18n;
    const { printed } = await run(sample('queryPriceUpdates'), mock.url, 'example=standardUsdcCollateral');
    expect(printed).toEqual([`value ${expected} wei, ${result.feedPriceUpdateData.length} core payload(s)`]);
  });

  it('queryPriceUpdates refuses to go on when a feed is unresolved', async () => {
    await expect(run(sample('queryPriceUpdates'), mock.url, 'example=unresolvedFeed')).rejects.toThrow(
      /could not be resolved/,
    );
  });

  it('queryLatestPrices converts every 1e18 price exactly and lists the failures', async () => {
    const { prices, failures } = exampleValue('/v1/oracle/price/pairs/latest', 'post', 'withUnresolvablePair');
    expect(failures.length).toBeGreaterThan(0);
    const { printed } = await run(sample('queryLatestPrices'), mock.url, 'example=withUnresolvablePair');
    const expected = [
      ...Object.entries(prices as Record<string, string>).map(([pairBase, price]) => {
        // The decimal point placed by string slicing, independently of the client's formatUnits.
        const whole = price.slice(0, -18) || '0';
        const fraction = price.padStart(18, '0').slice(-18).replace(/0+$/, '');
        // No currency: the service states none for a price (FOREX and COMMODITIES markets exist).
        return `${pairBase}: ${whole}${fraction ? `.${fraction}` : ''}`;
      }),
      ...failures.map((failure: Json) => `no price for ${failure.pairBase}: ${failure.reason}`),
    ];
    expect(printed).toEqual(expected);
  });

  it('listTradeHistory shows a legacy event under its current name', async () => {
    const [legacy] = exampleValue('/v1/user/{user_address}/trade/history', 'get', 'legacyEventWithoutPosition').content;
    expect(legacy.operationType).toBe('OPEN_MARKET_TRADE');
    const { printed } = await run(sample('listTradeHistory'), mock.url, 'example=legacyEventWithoutPosition');
    expect(printed).toEqual([`${legacy.blockTime} opened ${legacy.positionHash}`]);
  });

  it('joinCompetition accepts the empty success', async () => {
    expect((await run(sample('joinCompetition'), mock.url)).printed).toEqual(['joined competition 8']);
  });
});
