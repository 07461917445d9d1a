// Bench only (issue 38, the age check): a full garbage collection when the bench sends SIGUSR2, so every
// round of every server starts from the same heap — a major collection of earlier rounds' garbage no longer
// lands in whichever round it happens to. Loaded before the server with
// `node --expose-gc --import <this file>` (bench/api-ratio.ts, COLLECT_ON_SIGNAL); inert until signalled.
process.on('SIGUSR2', () => globalThis.gc?.());
