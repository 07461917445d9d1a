import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useSubmissionKey } from './confirm.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useSubmissionKey (issue 21)', () => {
  it('keeps one key across re-renders and attempts, and a new one only after renew', async () => {
    const seen: string[] = [];
    let renew: () => void = () => undefined;
    function Probe({ tick }: { tick: number }) {
      const [key, renewKey] = useSubmissionKey();
      renew = renewKey;
      seen.push(`${tick}:${key}`);
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<Probe tick={1} />));
    await act(async () => root.render(<Probe tick={2} />)); // a re-render: a double click, a retry
    const first = seen[0]!.split(':')[1]!;
    expect(first).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/); // the shape the server accepts
    expect(seen[1]).toBe(`2:${first}`);
    await act(async () => renew()); // the submission succeeded
    const next = seen.at(-1)!.split(':')[1]!;
    expect(next).not.toBe(first);
    act(() => root.unmount());
  });
});
