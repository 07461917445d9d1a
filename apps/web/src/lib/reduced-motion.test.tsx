import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePrefersReducedMotion } from './reduced-motion.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A system setting the test can change, as `matchMedia` reports it. */
function systemSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return reduce;
    },
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  vi.stubGlobal('matchMedia', (q: string) => {
    expect(q).toBe('(prefers-reduced-motion: reduce)');
    return query;
  });
  return {
    set(next: boolean) {
      reduce = next;
      listeners.forEach((fn) => fn());
    },
    listening: () => listeners.size,
  };
}

function Probe() {
  return <span>{usePrefersReducedMotion() ? 'reduce' : 'full'}</span>;
}

afterEach(() => vi.unstubAllGlobals());

describe('usePrefersReducedMotion', () => {
  it('follows the system setting, live, and stops listening when unmounted', () => {
    const setting = systemSetting(true);
    const host = document.createElement('div');
    const root = createRoot(host);
    act(() => root.render(<Probe />));
    expect(host.textContent).toBe('reduce');
    act(() => setting.set(false));
    expect(host.textContent).toBe('full');
    act(() => root.unmount());
    expect(setting.listening()).toBe(0);
  });

  it('is full motion where the browser cannot tell', () => {
    vi.stubGlobal('matchMedia', undefined);
    const host = document.createElement('div');
    const root = createRoot(host);
    act(() => root.render(<Probe />));
    expect(host.textContent).toBe('full');
    act(() => root.unmount());
  });
});
