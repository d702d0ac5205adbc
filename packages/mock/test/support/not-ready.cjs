// Preloaded into the mock's process (NODE_OPTIONS=--require) by the test of startMock's ready limit: the process
// never gets as far as listening. MOCK_NOT_READY=spin keeps a CPU busy; anything else sleeps, blocked. Either way
// it gives up after 30 s, so a run stopped before startMock ends it leaves nothing behind for long.
const giveUpAt = Date.now() + 30_000;
if (process.env.MOCK_NOT_READY === 'spin') while (Date.now() < giveUpAt);
else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, giveUpAt - Date.now());
process.exit(1);
