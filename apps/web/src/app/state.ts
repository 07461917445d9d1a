import { create } from 'zustand';
import { readLocal, writeLocal } from '../lib/storage.ts';
import { usePreferences } from '../lib/preferences.ts';

export type { LoginUser, MenuItem } from '../lib/session.ts';

/** The expiry reminder's counts (SPEC §4): one line per `ReminderLine` the features contribute. */
export interface Reminder {
  lines: { label: string; route: string; count: number }[];
}

export const NARROW_SCREEN_PX = 769;

/** The application state of SPEC §3 that is truly global; server data lives in TanStack Query. */
interface AppState {
  loginMaskVisible: boolean;
  darkTheme: boolean;
  siderFold: boolean;
  navOpenKeys: string[];
  isNavbar: boolean;
  menuPopoverVisible: boolean;
  reminder: Reminder | null;
  reminderVisible: boolean;
  setLoginMask(visible: boolean): void;
  toggleTheme(): void;
  toggleSider(): void;
  setNavOpenKeys(keys: string[]): void;
  setNavbar(narrow: boolean): void;
  setMenuPopover(visible: boolean): void;
  showReminder(reminder: Reminder): void;
  hideReminder(): void;
}

const isNarrow = () => typeof window !== 'undefined' && window.innerWidth < NARROW_SCREEN_PX;

export const useAppState = create<AppState>((set, get) => ({
  loginMaskVisible: false,
  darkTheme: usePreferences.getState().darkTheme,
  siderFold: usePreferences.getState().siderFold,
  navOpenKeys: readLocal<string[]>('navOpenKeys', []),
  isNavbar: isNarrow(),
  menuPopoverVisible: false,
  reminder: null,
  reminderVisible: false,
  setLoginMask: (loginMaskVisible) => set({ loginMaskVisible }),
  // Theme and sider fold live in lib/preferences.ts (the settings page switches them too); mirrored here.
  toggleTheme: () => usePreferences.getState().toggleTheme(),
  toggleSider: () => usePreferences.getState().toggleSider(),
  setNavOpenKeys: (navOpenKeys) => {
    writeLocal('navOpenKeys', navOpenKeys);
    set({ navOpenKeys });
  },
  setNavbar: (isNavbar) => set({ isNavbar, menuPopoverVisible: isNavbar ? get().menuPopoverVisible : false }),
  setMenuPopover: (menuPopoverVisible) => set({ menuPopoverVisible }),
  showReminder: (reminder) => set({ reminder, reminderVisible: true }),
  hideReminder: () => set({ reminderVisible: false }),
}));

usePreferences.subscribe(({ darkTheme, siderFold }) => useAppState.setState({ darkTheme, siderFold }));
