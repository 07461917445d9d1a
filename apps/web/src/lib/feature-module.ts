import type { ComponentType } from 'react';
import type { Dayjs } from 'dayjs';

/**
 * What a feature folder offers the app (issue 35, bulletproof-react): its routes, the slots it fills on
 * other features' pages, the desk tabs it adds to the back office and the reminder lines it counts. Each
 * feature exports one `FeatureModule` from its `module.ts`; app/features.ts lists them once and builds the
 * route table, the slots, the desks and the reminder from that list. A module file is in every page's
 * first load, so it holds only words, paths and lazy imports — never a page, an antd import or an api hook.
 */
export interface FeatureModule {
  /** The folder's name (`features/<name>`), for messages and tests. */
  name: string;
  routes?: RouteDef[];
  /** The pieces it renders on another feature's page, by the slot's name (lib/slots.tsx). */
  slots?: SlotContribution[];
  /** The tabs it adds to a desk: a page of several tabs that each product contributes to. */
  desks?: DeskTab[];
  /** Lines of the expiry reminder after a merchant logs in (SPEC §4). */
  reminders?: ReminderLine[];
  /** How the dashboard's credit card shows this feature's product's credit lines. */
  creditLines?: CreditLineKind[];
}

export type PageModule = Promise<{ default: ComponentType }>;

export interface RouteDef {
  path: string;
  load: () => PageModule;
  /** Reachable without login (SPEC §2 "Access without login"). */
  open?: boolean;
  /** The authority a view needs (SPEC §5); anyone else sees the 403 page. */
  authority?: 'merchant' | 'operator';
}

/** A route anyone may open, a merchant's, an operator's, and one any logged-in user may open. */
export const openPage = (path: string, load: () => PageModule): RouteDef => ({ path, load, open: true });
export const merchantPage = (path: string, load: () => PageModule): RouteDef => ({ path, load, authority: 'merchant' });
export const operatorPage = (path: string, load: () => PageModule): RouteDef => ({ path, load, authority: 'operator' });
export const userPage = (path: string, load: () => PageModule): RouteDef => ({ path, load });

/**
 * The places one feature's page lets others fill, with the props each place passes. A place is named
 * for the page it is on, never for who fills it; the host renders `<Slot name=… />` and knows no filler.
 */
export interface SlotProps {
  /** Below the list of the merchant's financings (/supplyloan/myfinancing). */
  'my-financings.below-list': Record<never, never>;
  /** In the order loan form (/supplyloan/orderLoan): fill the order's fields from a chosen record. */
  'order-loan.order-source': {
    creditLineId: number | undefined;
    onPick(fields: { orderNo: string; orderAmount: string; deliveryDate: Dayjs }): void;
  };
  /** On the merchant's dashboard, above its cards: things to act on now (nothing when there are none). */
  'dashboard.alerts': Record<never, never>;
  /**
   * Rows of the merchant's to-do card (待办事项): what waits for the enterprise in one area. A filler brings the
   * figures and draws them with the card's own `TodoRow`, so its chunk carries no list or tag of its own.
   */
  'dashboard.todos': { TodoRow: ComponentType<TodoRowProps> };
}
export type SlotName = keyof SlotProps;

/** One row of the dashboard's to-do card: what waits, how many, where to act on it, and a warning beside the count. */
export interface TodoRowProps {
  label: string;
  count: number;
  /** Where the user acts on it, and the link's words (去签署, 去还款 …). */
  to: string;
  action: string;
  /** A warning shown in red beside the count (逾期 2), when there is one. */
  alert?: string;
  testId?: string;
}

export interface SlotContribution<Name extends SlotName = SlotName> {
  slot: Name;
  /** Lazy (React.lazy): the filler's code loads when its place renders. */
  component: ComponentType<SlotProps[Name]>;
  /** While its code loads: a skeleton, or nothing for a piece that may well render nothing. */
  loading: 'skeleton' | 'nothing';
}

/** Typed in one place so a filler's component must take its place's props. */
export const slot = <Name extends SlotName>(contribution: SlotContribution<Name>) => contribution as unknown as SlotContribution;

/** The desks there are: the back office (/bpm/tasks, 审批中心). */
export type DeskName = 'back-office';

export interface DeskTab {
  desk: DeskName;
  /** Its address: `?tab=<key>` opens it. */
  key: string;
  label: string;
  /** Lazy (React.lazy); `active` is whether its tab is the open one (a panel may load only then). */
  panel: ComponentType<{ active: boolean }>;
  /** Where it stands among the desk's tabs, lower first (the desk's own tabs say theirs). */
  order: number;
}

export interface ReminderLine {
  /** What is counted, as the modal says it: 供应链授信即将到期. */
  label: string;
  /** Where the merchant sees them. */
  route: string;
  /** How many there are (0 when the count cannot be had: the reminder never fails a login). */
  count(): Promise<number>;
  /** Where it stands among the lines, lower first. */
  order: number;
}

/** How the dashboard's credit card (授信额度) shows one lending product's credit lines (issue 35). */
export interface CreditLineKind {
  /** The product's code in the credit lines' answer (`creditApi.myLines`: `product`). */
  product: string;
  /** Where the merchant manages this product's platforms and lines. */
  platformPage: string;
  /** The colour of the tag beside a line's product label. */
  color: string;
  /** Where it stands, lower first: the card's 平台管理 link goes to the first kind's page. */
  order: number;
}
