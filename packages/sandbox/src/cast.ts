// The examples' cast (openapi/components/examples/README.md): the same actors, with the same roles, live in
// the sandbox's world, so every example in the docs can be tried against it. Times are written as offsets
// from the default `now` (2026-11-21 12:00 UTC), so another `now` moves the whole world with it.

export const DEFAULT_NOW = '2026-11-21T12:00:00Z';
export const DEFAULT_SEED = 1;
/** Unix seconds of the default now; cast times below are offsets from it. */
export const CAST_NOW = 1_795_262_400;

export const AVA = '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b';
export const BEN = '0x9c1e5d2b7a3f48e6c0d1b2a39485f6e7d8c9b0a1';
export const CY = '0xd4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f607';
export const DEE = '0x52d0e3b1a4c9f87e6d5c4b3a291807f6e5d4c3b2';

export const UNRESOLVABLE_PAIR = '0x000000000000000000000000000000000000dead';

export interface Token {
  readonly symbol: string;
  readonly address: string;
  readonly decimals: number;
  readonly role: string;
}

export const USDC: Token = {
  symbol: 'USDC',
  address: '0x5d876d73f4441d5f2438b1a3e2a51771b337f27a',
  decimals: 6,
  role: 'margin and collateral token (a dollar)',
};
export const WMON: Token = {
  symbol: 'WMON',
  address: '0x760afe86e5de5fa0ee542fc7b7b713e1c5425701',
  decimals: 18,
  role: 'wrapped native token: collateral when paying with MON, valued at the MON/USD price',
};
export const LV_USDC: Token = {
  symbol: 'lvUSDC',
  address: '0x91ae842a5ffd8d12023116943e72a606179294f3',
  decimals: 6,
  role: 'vault token of USDC positions (lvToken)',
};
/** Not in the examples' cast: the vault token of WMON positions, the sandbox's own. */
export const LV_MON: Token = {
  symbol: 'lvMON',
  address: '0x1f0e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c',
  decimals: 18,
  role: "vault token of WMON positions (lvToken); the sandbox's own",
};
export const REWARD: Token = {
  symbol: 'REWARD',
  address: '0x3a98250f98dd388c211206983453837c8365bdc1',
  decimals: 18,
  role: 'competition reward token',
};
export const TOKENS: readonly Token[] = [USDC, WMON, LV_USDC, LV_MON, REWARD];

export const TEAM_CODE = 'MAXI42';
export const TEAM_NAME = 'Monad Maxis';
export const INVITE_CODE = 'MAXI-8F3K';
/** Ben joined Ava's team at 2026-10-03T08:41:17Z. */
export const BEN_JOINED_TEAM = 1_791_016_877 - CAST_NOW;
