import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { withPageLinks } from './feedback.ts';

describe('withPageLinks', () => {
  it('leaves plain messages as text', () => {
    expect(withPageLinks('可用余额不足')).toBe('可用余额不足');
  });
  it('links the words of a refusal whose code has a page, never showing a route', () => {
    const node = withPageLinks('企业尚未完成实名认证，请先完成实名认证', 'NOT_CERTIFIED') as ReactElement<{ children: unknown[] }>;
    expect(isValidElement(node)).toBe(true);
    const [before, link, after] = node.props.children as [string, ReactElement<{ to: string; children: string }>, string];
    expect(before).toBe('企业尚未完成实名认证，请先完成');
    expect(link.props.to).toBe('/user/autentication');
    expect(link.props.children).toBe('实名认证');
    expect(after).toBe('');
  });
  it('adds the link after a coded message that does not name the page', () => {
    const node = withPageLinks('请先认证', 'NOT_CERTIFIED') as ReactElement<{ children: unknown[] }>;
    const link = node.props.children[2] as ReactElement<{ to: string; children: string }>;
    expect(link.props.to).toBe('/user/autentication');
    expect(link.props.children).toBe('前往实名认证');
  });
  it('turns a route a message still names into a link labelled with the page name', () => {
    const node = withPageLinks('企业尚未完成实名认证，请先前往 /user/autentication 完成认证') as ReactElement<{ children: unknown[] }>;
    const [before, link, after] = node.props.children as [string, ReactElement<{ to: string; children: string }>, string];
    expect(before).toBe('企业尚未完成实名认证，请先前往 ');
    expect(link.props.to).toBe('/user/autentication');
    expect(link.props.children).toBe('实名认证');
    expect(after).toBe(' 完成认证');
  });
});
