#!/usr/bin/env node
// The file npm links as `trading-analytics-mock`. npm links a bin only when its file exists, and in a clone of
// the repository dist/ is compiled after npm links (the root's `prepare`), so the linked file is this committed
// one; the command itself is src/bin.ts, compiled to dist/bin.js.
import '../dist/bin.js';
