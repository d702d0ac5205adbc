// The example cast of the contract (openapi/components/examples/README.md), as the values the answers of the
// mock, the MSW handlers and the sandbox must keep to: the same traders, pairs, feeds, competitions and team
// across every operation.
export const traders = {
  ava: '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b',
  ben: '0x9c1e5d2b7a3f48e6c0d1b2a39485f6e7d8c9b0a1',
  cy: '0xd4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f607',
  dee: '0x52d0e3b1a4c9f87e6d5c4b3a291807f6e5d4c3b2',
};

export const pairBases = {
  btc: '0xbd1f3e2c8a4d6b7e9f0a1c2d3e4f5a6b7c8d9e0f',
  eth: '0xe7a2c4d6f8b0a1c3e5d7f9b1a3c5e7d9f1b3a5c7',
  mon: '0x6d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f7a8b9c0',
  aapl: '0xa1a2a3a4a5a6a7a8a9b0b1b2b3b4b5b6b7b8b9c0',
};

export const unresolvablePairBase = '0x000000000000000000000000000000000000dead';

export const tokens = {
  usdc: '0x5d876d73f4441d5f2438b1a3e2a51771b337f27a',
  wmon: '0x760afe86e5de5fa0ee542fc7b7b713e1c5425701',
  lvUsdc: '0x91ae842a5ffd8d12023116943e72a606179294f3',
  reward: '0x3a98250f98dd388c211206983453837c8365bdc1',
};

export const feedIds = {
  btc: '0x5a3f9b1c7d2e8a4f6b0c9d1e3f5a7b9c2d4e6f8a0b1c3d5e7f9a2b4c6d8e0f1a',
  eth: '0x8e1d3c5b7a9f0e2d4c6b8a0f1e3d5c7b9a2f4e6d8c0b1a3f5e7d9c2b4a6f8e0d',
  mon: '0x7b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a5c7e9b2d',
  aapl: '0x3c7e9a1b5d2f4c6e8a0b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c4e6b8d1f3a5c',
};

export const competitions = { publicOngoing: 7, privateOngoing: 8, ended: 5, upcoming: 9 };
export const inviteCode = 'MAXI-8F3K';
export const team = { name: 'Monad Maxis', code: 'MAXI42' };

/** Every 20-byte address the examples may use. */
export const castAddresses = new Set<string>([
  ...Object.values(traders),
  ...Object.values(pairBases),
  unresolvablePairBase,
  ...Object.values(tokens),
]);
