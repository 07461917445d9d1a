import { createContext, useContext } from 'react';
import type { CreditLineKind, DeskName, DeskTab, ReminderLine, SlotContribution, SlotName } from './feature-module.ts';

/**
 * What the registered features contribute to one another's pages (issue 35), built once by the app
 * (app/features.ts) and handed down by a provider: a feature's page renders a slot or a desk by its name
 * (lib/slots.tsx) and never learns which features fill it — so no feature imports another, and none
 * imports the app. No antd here: the app's first load holds this file.
 */
export interface Contributions {
  slots: Partial<Record<SlotName, SlotContribution[]>>;
  desks: Partial<Record<DeskName, DeskTab[]>>;
  reminders: ReminderLine[];
  /** How the dashboard's credit card shows each product's lines, in their order. */
  creditLines: CreditLineKind[];
}

export const NO_CONTRIBUTIONS: Contributions = { slots: {}, desks: {}, reminders: [], creditLines: [] };

const ContributionsContext = createContext<Contributions>(NO_CONTRIBUTIONS);
export const ContributionsProvider = ContributionsContext.Provider;

export const useContributions = () => useContext(ContributionsContext);

/** The tabs the registered features add to a desk, in their order. */
export const useDeskTabs = (desk: DeskName): DeskTab[] => useContributions().desks[desk] ?? [];
