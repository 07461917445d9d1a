/**
 * The mode of every journey server (issue 34): the portal as development runs it, but in NODE_ENV=test so that its
 * password hashes cost scrypt 2^14 instead of 2^17 — lib/passwords.ts lowers the cost in a test process only, never in
 * development or production. The journeys log in and confirm with a password a few hundred times, each ~0.34 s of
 * CPU at 2^17. The scheduler stays on, as in development (test mode would turn it off). The session cache is off in
 * test mode: a server reads the session at every request. scripts/test-all.mjs seeds the journeys' world in the
 * same mode and cost (written there again: it is plain JavaScript; its scheduler off while it seeds), so no seeded
 * hash is rehashed at a login.
 */
export const JOURNEY_SERVER_ENV = { NODE_ENV: 'test', PASSWORD_SCRYPT_LOG2N: '14', JOBS: 'on' } as const;
