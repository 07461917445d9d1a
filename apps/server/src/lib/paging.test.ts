import { describe, expect, it } from 'vitest';
import { pageWindow } from './paging.ts';

describe('pageWindow: a page read from the nearer end of the order', () => {
  it('reads the front half newest first and the back half from the oldest end, the same rows either way', () => {
    const total = 95; // rows 0 (newest) … 94 (oldest); pages of 10, the last one holds 5
    const rowsOf = (page: number) => {
      const w = pageWindow({ page, size: 10 }, total);
      if (!w) return [];
      const ids = Array.from({ length: w.take }, (_, i) => (w.fromOldest ? total - 1 - w.skip - i : w.skip + i));
      return w.fromOldest ? ids.reverse() : ids;
    };
    expect(pageWindow({ page: 1, size: 10 }, total)).toEqual({ fromOldest: false, skip: 0, take: 10 });
    expect(pageWindow({ page: 10, size: 10 }, total)).toEqual({ fromOldest: true, skip: 0, take: 5 });
    const all = Array.from({ length: 10 }, (_, i) => rowsOf(i + 1)).flat();
    expect(all).toEqual(Array.from({ length: total }, (_, i) => i));
  });

  it('answers nothing for a page past the end', () => {
    expect(pageWindow({ page: 11, size: 10 }, 95)).toBeNull();
    expect(pageWindow({ page: 1, size: 10 }, 0)).toBeNull();
  });
});
