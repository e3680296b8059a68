// How long tests wait for what a worker or another process does: long, as the machine may be busy.
// expect.poll's defaults (vitest.config.ts); pass it to vi.waitFor, whose own default is a second.
export const WAIT = { timeout: 20_000, interval: 100 };
