// Preloaded into the mock's process (NODE_OPTIONS=--require) by the test of startMock's ready limit: the process
// never gets as far as listening. MOCK_NOT_READY=spin keeps a CPU busy; anything else sleeps, blocked.
if (process.env.MOCK_NOT_READY === 'spin') for (;;);
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
