import { describe, expect, it } from 'vitest';
import { markScrollRegions } from './scroll-regions.ts';

/** jsdom lays nothing out: the sizes a browser would measure are set by hand. */
function container(scrollWidth: number, clientWidth: number) {
  const el = document.createElement('div');
  el.className = 'ant-table-content';
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: clientWidth });
  document.body.append(el);
  return el;
}

describe('markScrollRegions: a table that scrolls is a tab stop with a name', () => {
  it('a table wider than its box gets tabindex 0, role region and a Chinese name', () => {
    const el = container(900, 390);
    markScrollRegions();
    expect(el.tabIndex).toBe(0);
    expect(el.getAttribute('role')).toBe('region');
    expect(el.getAttribute('aria-label')).toContain('表格');
  });

  it('a table that fits is left alone, and one that stops scrolling loses its tab stop', () => {
    const fits = container(390, 390);
    markScrollRegions();
    expect(fits.hasAttribute('tabindex')).toBe(false);
    const el = container(900, 390);
    markScrollRegions();
    Object.defineProperty(el, 'scrollWidth', { configurable: true, value: 390 });
    markScrollRegions();
    expect(el.hasAttribute('tabindex')).toBe(false);
    expect(el.hasAttribute('role')).toBe(false);
  });
});
