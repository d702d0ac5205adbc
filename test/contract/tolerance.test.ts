// The contract is no stricter than the seed: a response the seed allows validates, even where the service
// may write it in a way the examples do not show (a plain-string id without `0x`, a decimal with an
// exponent, `null` for a field that is "present only when"). Each case names the seed line it rests on.
import { describe, expect, it } from 'vitest';
import { ContractValidator, type Json, resolve } from '../support/contract';
import { statedBounds, tolerated } from './seed-facts';

const contract = new ContractValidator();
const document = contract.document;

/** A copy of a 200 example of a GET (the first one when no key is given). */
function example(path: string, key?: string): Json {
  const examples = resolve(document, document.paths[path].get.responses['200']).content['application/json'].examples;
  return structuredClone(resolve(document, examples[key ?? Object.keys(examples)[0]!]).value);
}

const pair = () => example('/v1/pairs', 'cryptoAndStockPairs').content[0];
const position = (status: 'OPEN' | 'CLOSED') =>
  example('/v1/user/{userAddress}/positions', 'openAndClosedPositions').content.find((p: Json) => p.status === status);

/** [seed line, schema, a value the seed allows] */
const accepted: [string, string, () => unknown][] = [
  ['L287 feedPriceFeedId is a plain string', 'Pair', () => ({ ...pair(), feedPriceFeedId: 'btc-usd-core' })],
  [
    'L288 feedProPriceFeedId is a plain string or null',
    'Pair',
    () => ({ ...pair(), feedProPriceFeedId: 'btc-usd-pro' }),
  ],
  [
    'L280 nextOpen is a string of no stated format',
    'Pair',
    () => ({ ...pair(), nextOpen: 'Mon 09:30 America/New_York' }),
  ],
  ['L281 nextClose is a string of no stated format', 'Pair', () => ({ ...pair(), nextClose: '1795622400' })],
  [
    'L297 PairVolume.pairBase is a plain string',
    'PairVolume',
    () => ({ ...example('/v1/pairs/{pairBase}/volume'), pairBase: 'BTC' }),
  ],
  [
    'L301 UserDailyVolume.userAddress is a plain string',
    'UserDailyVolume',
    () => ({ ...example('/v1/trading-volumes/users')[0], userAddress: 'ava' }),
  ],
  [
    'L90 HistoricalPrice.pairBase is a plain string',
    'HistoricalPrice',
    () => ({ ...resolve(document, document.components.examples.HistoricalPriceBtc24hAgo).value, pairBase: 'BTC' }),
  ],
  [
    'L238 PortfolioTradingPair.pairBase is a plain string',
    'PortfolioTradingPair',
    () => ({
      ...example('/v1/portfolio/{user_address}/portfolio_data', 'portfolioData').tradingPairs[0],
      pairBase: 'BTC',
    }),
  ],
  [
    'L401 pairBases are plain strings',
    'LatestPricesRequest',
    () => ({ pairBases: ['BTC', '0xBD1F3E2C8A4D6B7E9F0A1C2D3E4F5A6B7C8D9E0F'] }),
  ],
  [
    'L151 latestEpochTrading.epoch is an integer, no minimum stated',
    'TeamInfo',
    () => {
      const team = example('/v1/genesis-airdrop/team-info-by-code/{code}', 'teamByCode');
      return { ...team, latestEpochTrading: { ...team.latestEpochTrading, epoch: -1 } };
    },
  ],
  [
    'L159 TeamBoost.epoch is an integer, no minimum stated',
    'TeamBoost',
    () => ({ epoch: -1, generalTeamBoostPoints: '0', degenTeamBoostPoints: '0' }),
  ],
  [
    'L36 string(dec) written with an exponent',
    'UnrealizedPnl',
    () => ({
      ...example('/v1/portfolio/{user_address}/unrealized-pnl', 'withPositions'),
      unrealizedPnlUsd: '1.25E+3',
      holdingFeeUsd: '5E-7',
    }),
  ],
  ['L254 holdingFeeUsd of zero', 'UnrealizedPnl', () => ({ ...unrealized('withPositions'), holdingFeeUsd: '0' })],
  [
    'L117 collateralToken absent in an older variant, whatever the leaderboard type',
    'Competition',
    () => {
      const { collateralToken: _absent, ...older } = competition('COLLATERAL_PNL_VOLUME_BASED');
      return older;
    },
  ],
  [
    'L128 hasJoined filled in only when userAddress was supplied: null without it',
    'Competition',
    () => ({
      ...example('/v1/trading-competition', 'allCompetitions')[0],
      hasJoined: null,
    }),
  ],
  [
    'L186 closeInfo present only when CLOSED: null on an OPEN position',
    'Position',
    () => ({ ...position('OPEN'), closeInfo: null }),
  ],
  ['L272 Pair.base is a plain string', 'Pair', () => ({ ...pair(), base: 'BTC' })],
  [
    'L117 Competition.collateralToken is a plain string or null',
    'Competition',
    () => ({ ...competition('COLLATERAL_PNL_VOLUME_BASED'), collateralToken: 'USDC' }),
  ],
  [
    'L388-L389 PriceUpdatesRequest.pairBase and collateral are plain strings',
    'PriceUpdatesRequest',
    () => ({ pairBase: 'BTC', collateral: 'USDC' }),
  ],
  [
    'L91 HistoricalPrice.hoursAgo is an integer, no range stated',
    'HistoricalPrice',
    () => ({
      ...resolve(document, document.components.examples.HistoricalPriceBtc24hAgo).value,
      hoursAgo: 48,
    }),
  ],
  [
    'L103 OracleIdInput.id is hex, no 0x promised',
    'HistoricalPrice',
    () => {
      const price = resolve(document, document.components.examples.HistoricalPriceBtc24hAgo).value;
      return { ...price, oracleId: { ...price.oracleId, id: price.oracleId.id.replace(/^0x/, '') } };
    },
  ],
  [
    'L169, L195, L199, L200 hashes are hex, no 0x promised',
    'TradeHistoryEvent',
    () => {
      const event = example('/v1/user/{user_address}/trade/history').content[0];
      const bare = (hex: string) => hex.replace(/^0x/, '');
      return {
        ...event,
        transactionHash: bare(event.transactionHash),
        hash: bare(event.hash),
        positionHash: bare(event.positionHash),
        ...(event.position ? { position: { ...event.position, positionHash: bare(event.position.positionHash) } } : {}),
      };
    },
  ],
];

const unrealized = (key: string) => example('/v1/portfolio/{user_address}/unrealized-pnl', key);
const competitions = () => example('/v1/trading-competition', 'allCompetitions') as Json[];
const competition = (type: string) => competitions().find((record: Json) => record.leaderboardType === type);

/** [seed line, schema, a value the seed rules out] */
const refused: [string, string, () => unknown][] = [
  ['L186/L314 a CLOSED position carries closeInfo', 'Position', () => ({ ...position('CLOSED'), closeInfo: null })],
  [
    'L186/L313 an OPEN position carries no closeInfo ("Position is live; no closeInfo")',
    'Position',
    () => ({ ...position('OPEN'), closeInfo: position('CLOSED').closeInfo }),
  ],
  [
    'L254 holdingFeeUsd is "reported as a nonnegative amount"',
    'UnrealizedPnl',
    () => ({ ...unrealized('withPositions'), holdingFeeUsd: '-19.25' }),
  ],
  [
    'L254 holdingFeeUsd is nonnegative, in the exponent form too',
    'UnrealizedPnl',
    () => ({ ...unrealized('withPositions'), holdingFeeUsd: '-1.925E+1' }),
  ],
  [
    'L265 with no positions every monetary field is the string 0',
    'UnrealizedPnl',
    () => ({ ...unrealized('emptyAccount'), fundingFeeUsd: '-0.5' }),
  ],
  [
    'L265 with no positions a monetary field is "the string `0`", not another spelling of zero',
    'UnrealizedPnl',
    () => ({ ...unrealized('emptyAccount'), unrealizedPnlUsd: '0.00' }),
  ],
  [
    'L257/L265 with no positions priceAsOf is null or omitted',
    'UnrealizedPnl',
    () => ({ ...unrealized('emptyAccount'), priceAsOf: 1795262390 }),
  ],
  [
    'L117 collateralToken is null for a leaderboard type other than COLLATERAL_PNL_VOLUME_BASED',
    'Competition',
    () => ({ ...competition('TOTAL_VOLUME_BASED'), collateralToken: '0x5d876d73f4441d5f2438b1a3e2a51771b337f27a' }),
  ],
  [
    'L117 collateralToken is the deposited token for COLLATERAL_PNL_VOLUME_BASED, not null',
    'Competition',
    () => ({ ...competition('COLLATERAL_PNL_VOLUME_BASED'), collateralToken: null }),
  ],
  [
    'L36 string(dec) is a number in a string, not a number',
    'UnrealizedPnl',
    () => ({
      ...example('/v1/portfolio/{user_address}/unrealized-pnl', 'withPositions'),
      unrealizedPnlUsd: 1250,
    }),
  ],
  [
    'L43 LeaderboardEntry.userAddress is an <address>',
    'LeaderboardEntry',
    () => ({
      ...example('/v1/leaderboard', 'firstPage').content[0],
      userAddress: 'ava',
    }),
  ],
  [
    'L169 Position.positionHash is hex, with or without 0x, not free text',
    'Position',
    () => ({ ...position('OPEN'), positionHash: 'position-7' }),
  ],
];

describe('values the seed allows', () => {
  it.each(accepted)('%s (%s) validate', (_seed, schema, value) => {
    expect(contract.errorsAt(`#/components/schemas/${schema}`, value())).toEqual([]);
  });
});

describe('values the seed rules out', () => {
  it.each(refused)('%s (%s) do not validate', (_seed, schema, value) => {
    expect(contract.errorsAt(`#/components/schemas/${schema}`, value())).not.toEqual([]);
  });
});

describe('hex the seed does not prefix', () => {
  it.each(tolerated.hexWithoutPrefix)('%s accepts hex digits with and without 0x (%s)', (pointer) => {
    for (const value of ['0x5a3f9b1c7d2e8a4f', '5a3f9b1c7d2e8a4f', '5A3F9B1C7D2E8A4F']) {
      expect({ value, errors: contract.errorsAt(pointer, value) }).toEqual({ value, errors: [] });
    }
    expect(contract.errorsAt(pointer, 'not hex')).not.toEqual([]);
  });
});

describe('constraints the seed does not state', () => {
  it.each(Object.entries(tolerated.unconstrained))('%s carries no pattern, format or bound (%s)', (pointer) => {
    const schema = resolve(document, { $ref: pointer });
    expect(schema).toBeDefined();
    const constraints = [
      'pattern',
      'format',
      'minimum',
      'exclusiveMinimum',
      'maximum',
      'exclusiveMaximum',
      'minLength',
      'maxLength',
      'enum',
      'const',
      '$ref',
    ];
    const found = JSON.stringify(schema, (key, value) => (key === 'description' ? undefined : value));
    expect(constraints.filter((keyword) => found.includes(`"${keyword}"`))).toEqual([]);
  });
});

/** Every schema of a node that carries a bound, by JSON pointer. */
function boundsOf(node: Json, pointer = '#', found: string[] = []): string[] {
  if (node === null || typeof node !== 'object') return found;
  if (
    ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].some((keyword) => typeof node[keyword] === 'number')
  )
    found.push(pointer);
  for (const [key, child] of Object.entries(node)) {
    if (key === 'examples' || key === 'example') continue;
    boundsOf(child as Json, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, found);
  }
  return found;
}

describe('bounds', () => {
  it('are only those the seed states, each listed with its words', () => {
    expect(boundsOf(document).sort()).toEqual(Object.keys(statedBounds).sort());
  });
});
