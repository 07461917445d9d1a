import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { withPageLinks } from './feedback.ts';

describe('withPageLinks', () => {
  it('leaves plain messages as text', () => {
    expect(withPageLinks('可用余额不足')).toBe('可用余额不足');
  });
  it('turns a named page into a link to it', () => {
    const node = withPageLinks('企业尚未完成实名认证，请先前往 /user/autentication 完成认证') as ReactElement<{ children: unknown[] }>;
    expect(isValidElement(node)).toBe(true);
    const [before, link, after] = node.props.children as [string, ReactElement<{ to: string }>, string];
    expect(before).toBe('企业尚未完成实名认证，请先前往 ');
    expect(link.props.to).toBe('/user/autentication');
    expect(after).toBe(' 完成认证');
  });
});
