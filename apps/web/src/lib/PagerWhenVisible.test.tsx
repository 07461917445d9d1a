import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** An IntersectionObserver the test moves: `show()` brings every observed place near the screen. */
const observed: { callback: IntersectionObserverCallback; margin?: string; targets: Element[] }[] = [];
function show() {
  for (const o of observed)
    o.callback(
      o.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      {} as IntersectionObserver,
    );
}

let root: Root | undefined;
let host: HTMLDivElement;

// Each test imports the component afresh (vi.resetModules), and the pager's test antd's Pagination: on a
// busy 2-core machine a first import of antd's modules can take seconds. Transformed once here, as in
// FilterSelect.test.tsx; the tests keep a longer limit for the imports they still make.
beforeAll(async () => {
  await import('antd/es/pagination');
}, 120_000);

beforeEach(() => {
  observed.length = 0;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: (typeof observed)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, margin: options?.rootMargin, targets: [] };
        observed.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      disconnect() {
        this.entry.targets = [];
      }
    },
  );
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

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.resetModules();
});

async function render(props: Record<string, unknown> = {}) {
  const { default: PagerWhenVisible, PAGER_MARGIN } = await import('./PagerWhenVisible.tsx');
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <PagerWhenVisible className="ant-table-pagination ant-table-pagination-end" current={1} pageSize={10} total={31} {...props} />,
    ),
  );
  return PAGER_MARGIN;
}

describe('PagerWhenVisible: a table’s pager loaded when its place nears the screen (issue 38)', { timeout: 30_000 }, () => {
  it('holds the pager’s place — its height, the classes the table gives it — and loads nothing until then', async () => {
    const margin = await render();
    const place = host.firstElementChild as HTMLElement;
    expect(place.className).toBe('ant-table-pagination ant-table-pagination-end ant-pagination');
    expect(place.style.height).toBe('32px');
    expect(place.getAttribute('aria-hidden')).toBe('true');
    expect(host.querySelector('.ant-pagination-item')).toBeNull();
    expect(observed.map((o) => o.margin)).toEqual([margin]);
  });

  it('a small table’s pager holds a small one’s height', async () => {
    await render({ size: 'small' });
    expect((host.firstElementChild as HTMLElement).style.height).toBe('24px');
  });

  it('renders antd’s pager once the place comes near, pages and all', async () => {
    const onChange = vi.fn();
    await render({ onChange });
    await act(async () => show());
    await vi.waitFor(async () => {
      await act(async () => {});
      expect(host.querySelectorAll('.ant-pagination-item')).toHaveLength(4);
    }, 10_000);
    await act(async () => (host.querySelector('.ant-pagination-item-2') as HTMLElement).click());
    expect(onChange).toHaveBeenCalledWith(2, 10);
  });
});
