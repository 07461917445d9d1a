import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchChallenge } from './api.ts';
import { solvePow } from './pow.ts';

export type ChallengeState = 'solving' | 'ready' | 'error';

/**
 * The anti-bot check of the register form: fetches a challenge and solves it in the background
 * while the visitor types; `take()` hands out a solution (waiting for it if needed) and starts the
 * next one, since every submission consumes its challenge.
 */
export function useChallenge() {
  const [state, setState] = useState<ChallengeState>('solving');
  const current = useRef<Promise<{ challenge: string; counter: string }> | null>(null);

  const start = useCallback(() => {
    setState('solving');
    const p = fetchChallenge().then(async (c) => ({ challenge: c.nonce, counter: await solvePow(c.nonce, c.difficulty) }));
    current.current = p;
    p.then(
      () => current.current === p && setState('ready'),
      () => current.current === p && setState('error'),
    );
    return p;
  }, []);

  useEffect(() => {
    start().catch(() => undefined);
  }, [start]);

  const take = useCallback(async () => {
    const solution = await (current.current ?? start());
    start().catch(() => undefined);
    return solution;
  }, [start]);

  return { state, retry: start, take };
}
