import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { DARK_TEXT_BLUE, portalTheme, TAG_TEXT, tagTextCss } from './theme-tokens.ts';

/** WCAG 2.1 relative luminance of an sRGB colour given as #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = (hex.slice(1).match(/../g) ?? []).map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** A token colour (#hex or rgba) laid over an opaque background, as #rrggbb. */
function over(colour: string, background: string): string {
  if (colour.startsWith('#')) return colour.slice(0, 7);
  const [r, g, b, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  const under = (background.slice(1).match(/../g) ?? []).map((h) => parseInt(h, 16));
  return `#${[r, g, b]
    .map((v, i) =>
      Math.round(v * a + under[i] * (1 - a))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function contrast(colour: string, background: string): number {
  const [hi, lo] = [luminance(over(colour, background)), luminance(background)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const TEXT = ['colorText', 'colorTextSecondary', 'colorTextTertiary', 'colorTextDescription', 'colorTextPlaceholder', 'colorLink'] as const;
const STATUS = ['Success', 'Warning', 'Error', 'Info'] as const;
const PRESETS = ['green', 'orange', 'gold', 'red', 'blue', 'cyan', 'purple', 'volcano', 'geekblue', 'magenta', 'lime'] as const;

describe.each([false, true])('the portal theme (dark: %s) reads at WCAG AA', (dark) => {
  const token = theme.getDesignToken(portalTheme(dark, false)) as unknown as Record<string, string>;
  const backgrounds = [token.colorBgContainer, token.colorBgLayout];

  it.each(TEXT)('%s on the card and the page background', (key) => {
    for (const background of backgrounds) expect(contrast(token[key], background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(STATUS)('%s text, on its own tag background and on a card', (status) => {
    expect(contrast(token[`color${status}`], token[`color${status}Bg`])).toBeGreaterThanOrEqual(4.5);
    if (status !== 'Info') expect(contrast(token[`color${status}Text`], token.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(PRESETS)('a %s tag (its text shade as the page sets it)', (colour) => {
    const text = TAG_TEXT[dark ? 'dark' : 'light'][colour] ?? token[`${colour}7`];
    expect(contrast(text, token[`${colour}1`])).toBeGreaterThanOrEqual(4.5);
    if (TAG_TEXT[dark ? 'dark' : 'light'][colour]) expect(tagTextCss(dark)).toContain(`--ant-${colour}-7: ${text};`);
  });

  it('white text on a primary button', () => {
    expect(contrast('#ffffff', token.colorPrimary)).toBeGreaterThanOrEqual(4.5);
  });

  it('blue text (the selected tab, the current page) on the card', () => {
    const components = portalTheme(dark, false).components;
    const blue = dark ? DARK_TEXT_BLUE : token.colorPrimary;
    expect(contrast(blue, token.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
    if (dark) expect(components?.Tabs?.itemSelectedColor).toBe(DARK_TEXT_BLUE);
  });
});
