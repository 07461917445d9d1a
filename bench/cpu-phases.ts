/**
 * Where a server's CPU goes per request, from a V8 CPU profile (`node --cpu-prof`): every sample is
 * attributed to a phase of the request path by its innermost frame that belongs to one (walking
 * from the sampled function towards the root), so a pg parser called from the session lookup counts
 * as "PostgreSQL driver", and the session's own work (hashing, checks) as "session". Profile
 * attribution, not timing hooks: hooks would add the cost they measure.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Phases in the order printed; the first rule matching a frame (function name or file) names its phase. */
const PHASES: { phase: string; matches(fn: string, url: string): boolean }[] = [
  { phase: 'idle', matches: (fn) => fn === '(idle)' },
  { phase: 'garbage collection', matches: (fn) => fn === '(garbage collector)' },
  { phase: 'logging (pino)', matches: (_fn, url) => /\/(pino|sonic-boom|thread-stream)\/|plugins\/request-path\.ts/.test(url) },
  { phase: 'session lookup', matches: (_fn, url) => /modules\/auth\/sessions\.ts|plugins\/auth\.ts/.test(url) },
  { phase: 'scope / request context', matches: (_fn, url) => /lib\/scope\.ts|lib\/request-context|plugins\/request-guard\.ts/.test(url) },
  { phase: 'validation (zod)', matches: (_fn, url) => /\/zod\/|fastify-type-provider-zod/.test(url) },
  // JSON.stringify has no file: it counts for the phase of its caller (the serializer, pino).
  { phase: 'serialization', matches: (_fn, url) => /response-serializer\.ts|fast-json-stringify|lib\/envelope\.ts/.test(url) },
  { phase: 'compression', matches: (_fn, url) => /zlib|compress/.test(url) },
  { phase: 'PostgreSQL driver (pg)', matches: (_fn, url) => /\/(pg|pg-protocol|pg-types|pg-pool|postgres-[a-z]+)\//.test(url) },
  { phase: 'drizzle', matches: (_fn, url) => /\/drizzle-orm\//.test(url) },
  { phase: 'handler (list, SQL building)', matches: (_fn, url) => /modules\/funds\/|db\/hot-rows\.ts|bench\/bare-server\.ts/.test(url) },
  { phase: 'cookies, headers (helmet, cookie)', matches: (_fn, url) => /@fastify\/(cookie|helmet)|\/cookie\/|\/helmet\//.test(url) },
  { phase: 'Fastify core (routing, hooks, reply)', matches: (_fn, url) => /\/(fastify|find-my-way|avvio|light-my-request)\//.test(url) },
  { phase: 'HTTP and sockets (Node)', matches: (_fn, url) => /^node:(_http|http|net|stream|internal\/(http|stream|net))/.test(url) },
];
const OTHER = 'other (Node internals, program)';

export interface PhaseShare {
  phase: string;
  share: number;
}

/** Fastify's per-request entry (lib/route.js routeHandler): samples before its first appearance are the start-up. */
const isRequestEntry = (frame: ProfileNode['callFrame']) =>
  frame.functionName === 'routeHandler' && frame.url.endsWith('fastify/lib/route.js');

/**
 * Each phase's share of the profile's busy (non-idle) time from the first request on (start-up —
 * module loading, migrations — is left out), largest first.
 */
export function phasesOf(profileFile: string): PhaseShare[] {
  const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const underRequest = (id: number | undefined): boolean =>
    id !== undefined && (isRequestEntry(byId.get(id)!.callFrame) || underRequest(parent.get(id)));
  const first = profile.samples.findIndex((id) => underRequest(id));
  if (first < 0) throw new Error(`${profileFile}: no request in the profile`);
  const phaseOfNode = new Map<number, string>();
  const phaseOf = (id: number): string => {
    const known = phaseOfNode.get(id);
    if (known) return known;
    const { functionName, url } = byId.get(id)!.callFrame;
    const own = PHASES.find((p) => p.matches(functionName, url))?.phase;
    const up = parent.get(id);
    const phase = own ?? (up === undefined ? OTHER : phaseOf(up));
    phaseOfNode.set(id, phase);
    return phase;
  };
  const time = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    if (i < first) return;
    const phase = phaseOf(id);
    time.set(phase, (time.get(phase) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  });
  time.delete('idle');
  const busy = [...time.values()].reduce((a, b) => a + b, 0) || 1;
  return [...time].map(([phase, us]) => ({ phase, share: us / busy })).sort((a, b) => b.share - a.share);
}
