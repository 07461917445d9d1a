import { theme, type ThemeConfig } from 'antd';

/** The portal's blue: buttons, selected items and links. */
export const BRAND_BLUE = '#1a5fb4';

/**
 * antd's defaults are drawn for looks, not for reading: grey labels (45 % black), green, gold and
 * orange text and tags, red on white and the dark theme's blue all fall below WCAG 2.1 AA's 4.5 : 1
 * for body text. These tokens keep antd's look one step darker (light) or lighter (dark) so every
 * text colour antd draws reaches 4.5 : 1 on its background — theme-tokens.test.ts measures each pair.
 */
const LIGHT: ThemeConfig['token'] = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  colorLink: BRAND_BLUE,
  colorInfo: BRAND_BLUE,
  colorSuccess: '#3b7d12',
  colorSuccessBg: '#f3faec',
  colorWarning: '#a15c00',
  colorWarningBg: '#fff7e6',
  colorError: '#c9252c',
};

const DARK: ThemeConfig['token'] = {
  colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
  colorTextDescription: 'rgba(255, 255, 255, 0.6)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
  colorLink: '#5c9ce6', // DARK_TEXT_BLUE
  colorInfo: '#5c9ce6',
  colorError: '#ff7875',
};

/**
 * A preset-colour tag (`<Tag color="green">`) writes in the colour's 7th shade on its 1st. antd emits
 * the palette as CSS variables from the seed, so an override of `green7` in the theme never reaches
 * the tag: these shades are set on the tags themselves (`tagTextCss`).
 */
export const TAG_TEXT: Record<'light' | 'dark', Record<string, string>> = {
  light: { green: '#237804', orange: '#ad4e00', gold: '#946000', cyan: '#006d75', lime: '#4b7300', volcano: '#ad2102' },
  dark: { blue: '#5c9ce6', red: '#ff7875', purple: '#a87fe0', geekblue: '#7d97ec', magenta: '#f06fb0' },
};

/** The CSS that gives every tag the readable 7th shades of the light or the dark theme. */
export function tagTextCss(dark: boolean): string {
  const shades = Object.entries(TAG_TEXT[dark ? 'dark' : 'light']).map(([colour, hex]) => `--ant-${colour}-7: ${hex};`);
  return `.ant-tag.ant-tag { ${shades.join(' ')} }`;
}

/** The dark theme's readable blue: for blue *text* on dark (a primary button keeps the brand blue under white text). */
export const DARK_TEXT_BLUE = '#5c9ce6';

/** Components that write the primary colour as text: in the dark theme they take the readable blue. */
const DARK_COMPONENTS: ThemeConfig['components'] = {
  Tabs: { itemSelectedColor: DARK_TEXT_BLUE, itemActiveColor: DARK_TEXT_BLUE, itemHoverColor: DARK_TEXT_BLUE, inkBarColor: DARK_TEXT_BLUE },
  Pagination: { itemActiveColor: DARK_TEXT_BLUE, itemActiveColorHover: DARK_TEXT_BLUE },
};

/** The antd theme for the light or the dark choice. */
export function portalTheme(dark: boolean, motion: boolean): ThemeConfig {
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: BRAND_BLUE, motion, ...(dark ? DARK : LIGHT) },
    components: dark ? DARK_COMPONENTS : undefined,
  };
}
