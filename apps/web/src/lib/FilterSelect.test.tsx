import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const OPTIONS = [
  { value: 'IN', label: '收入' },
  { value: 'OUT', label: '支出' },
];

let root: Root | undefined;
let host: HTMLDivElement;

// Each test imports the component afresh (vi.resetModules) and with it antd's Select: on a busy 2-core
// machine that import alone passed the default 5 s (the full run of 2026-11-29). Transformed once here,
// the tests' own imports are quick; the tests keep a longer limit for the import they still make.
beforeAll(async () => {
  await import('antd/es/select');
}, 120_000);

beforeEach(() => {
  // antd's Select measures with matchMedia and ResizeObserver, which jsdom lacks.
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
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.resetModules();
});

async function render(props: Record<string, unknown> = {}) {
  // A fresh module per test: whether antd's Select has loaded is module state.
  const { FilterSelect } = await import('./FilterSelect.tsx');
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(<FilterSelect aria-label="收支" placeholder="全部" options={OPTIONS} data-testid="direction" {...props} />),
  );
}

/** Waits until antd's Select has been imported and rendered in place of the stand-in. */
async function untilReal() {
  await vi.waitFor(async () => {
    await act(async () => {});
    expect(host.querySelector('.ant-select')).not.toBeNull();
  });
}

describe('FilterSelect: a list filter whose Select loads when reached for (issue 38)', { timeout: 30_000 }, () => {
  it('first paints an input with the placeholder and the arrow, and no antd Select', async () => {
    await render();
    const input = host.querySelector('input')!;
    expect(input.getAttribute('placeholder')).toBe('全部');
    expect(input.getAttribute('role')).toBe('combobox');
    expect(input.getAttribute('aria-label')).toBe('收支');
    expect(input.readOnly).toBe(true);
    expect(input.getAttribute('data-testid')).toBe('direction');
    expect(host.querySelector('.anticon-down')).not.toBeNull();
    expect(host.querySelector('.ant-select')).toBeNull();
  });

  it('a click loads the Select and opens it, focused, with the options', async () => {
    await render();
    await act(async () => host.querySelector('input')!.click());
    await untilReal();
    await vi.waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(2));
    expect(document.activeElement?.closest('.ant-select')).not.toBeNull();
    expect(host.querySelector('[data-testid="direction"]')).not.toBeNull();
  });

  it('a value set before it loaded (a restored filter) loads it at once and shows the label', async () => {
    await render({ value: 'OUT' });
    await untilReal();
    expect(host.querySelector('.ant-select')!.textContent).toContain('支出');
  });

  it('a choice reaches onChange', async () => {
    const onChange = vi.fn();
    await render({ onChange });
    await act(async () => host.querySelector('input')!.click());
    await untilReal();
    await vi.waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(2));
    await act(async () => (document.querySelectorAll('.ant-select-item-option')[1] as HTMLElement).click());
    expect(onChange).toHaveBeenCalledWith('OUT', expect.objectContaining({ value: 'OUT' }));
  });
});
