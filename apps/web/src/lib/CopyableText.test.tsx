import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyableText } from './CopyableText.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CopyableText: a text with antd Typography’s copy button, without Typography (issue 38)', () => {
  it('shows the text and a 复制 button that copies it, says 复制成功 with a tick, and is back after three seconds', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    await act(async () => root!.render(<CopyableText text="622200000000012" data-testid="account-no" />));
    const text = host.querySelector('[data-testid="account-no"]')!;
    expect(text.textContent).toBe('622200000000012');
    const button = text.querySelector('button')!;
    expect(button.getAttribute('aria-label')).toBe('复制');
    expect(button.querySelector('.anticon-copy')).not.toBeNull();

    vi.useFakeTimers();
    await act(async () => button.click());
    expect(writeText).toHaveBeenCalledWith('622200000000012');
    expect(button.getAttribute('aria-label')).toBe('复制成功');
    expect(button.className).toContain('fp-copied');
    expect(button.querySelector('.anticon-check')).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(3000));
    expect(button.getAttribute('aria-label')).toBe('复制');
  });
});
