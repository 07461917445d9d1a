import { act, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFeedback } from '../lib/feedback.ts';
import { LazyFeedbackApp } from './LazyFeedbackApp.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The dialogs' chunk (message, notification, modal) is imported by the component on first use: on a busy
// 2-core machine a first import of antd's modules can take seconds, so it is transformed once here.
beforeAll(async () => {
  await import('./FeedbackHolders.tsx');
}, 120_000);

beforeEach(() => {
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({
      matches: false,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
});

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** A page that asks before acting and tells a result, on its first render — before the dialogs have loaded. */
function AskingPage({ onOk }: { onOk(): void }) {
  const feedback = useFeedback();
  useEffect(() => {
    feedback.modal.confirm({ title: '确认取消融资申请？', content: '取消后占用的授信额度将释放。', onOk });
    feedback.success('已提交');
  }, [feedback, onOk]);
  return null;
}

describe('LazyFeedbackApp: toasts and dialogs loaded on first use (issues 11 and 38)', { timeout: 30_000 }, () => {
  it('a confirmation asked before the dialogs arrived opens once they have, and its answer reaches the page', async () => {
    const onOk = vi.fn();
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    await act(async () =>
      root!.render(
        <MemoryRouter>
          <LazyFeedbackApp>
            <AskingPage onOk={onOk} />
          </LazyFeedbackApp>
        </MemoryRouter>,
      ),
    );
    await vi.waitFor(
      async () => {
        await act(async () => {});
        expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('确认取消融资申请？');
        expect(document.querySelector('.ant-message')?.textContent).toContain('已提交');
      },
      { timeout: 10_000 },
    );
    const ok = [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm-btns button')].at(-1)!;
    await act(async () => ok.click());
    expect(onOk).toHaveBeenCalledTimes(1);
  });
});
