import { create } from 'zustand';
import { readLocal, writeLocal } from './storage.ts';

/**
 * The persisted display preferences of SPEC §3/§9 (dark theme, sider fold), in lib so that both
 * the app shell and the settings page can read and switch them.
 */
interface Preferences {
  darkTheme: boolean;
  siderFold: boolean;
  setDarkTheme(dark: boolean): void;
  setSiderFold(fold: boolean): void;
  toggleTheme(): void;
  toggleSider(): void;
}

export const usePreferences = create<Preferences>((set, get) => ({
  darkTheme: readLocal('darkTheme', false),
  siderFold: readLocal('siderFold', false),
  setDarkTheme: (darkTheme) => {
    writeLocal('darkTheme', darkTheme);
    set({ darkTheme });
  },
  setSiderFold: (siderFold) => {
    writeLocal('siderFold', siderFold);
    set({ siderFold });
  },
  toggleTheme: () => get().setDarkTheme(!get().darkTheme),
  toggleSider: () => get().setSiderFold(!get().siderFold),
}));

/**
 * The stored theme on the document (`<html data-theme="dark">`, and its color-scheme): the plain
 * public pages and the login form's inputs are styled from it (app/public.css), outside antd's
 * ConfigProvider, so a visitor sees the theme the shell stored. Set when this module loads (with the
 * entry, before the first render) and on every switch.
 */
function applyTheme(dark: boolean) {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}
applyTheme(usePreferences.getState().darkTheme);
usePreferences.subscribe((p, prev) => {
  if (p.darkTheme !== prev.darkTheme) applyTheme(p.darkTheme);
});
