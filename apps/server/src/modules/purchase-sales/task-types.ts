import type { TaskType } from '../bpm/index.ts';
import type { Ports } from '../financing/index.ts';
import { factorCollectionFacts } from './factor-collection-facts.ts';
import { confirmFactorCollection } from './operations/confirm-factor-collection.ts';

/**
 * The purchase/sales operator tasks in the `/bpm/tasks` inbox (listed in `TASK_TYPES`, app.ts, with the
 * ports wired there: a collection repays its order loan through `loanCollection`). The handler runs
 * inside the decision's transaction (the task row locked by the inbox), so the money movement and the
 * task's new state commit together.
 */
export const purchaseSalesTaskTypes = ({ loanCollection }: Pick<Ports, 'loanCollection'>): readonly TaskType[] => [
  {
    type: 'PS_FACTOR_COLLECTION',
    label: '购销回款入账复核',
    // Four eyes on money entering, as for a plain deposit (FUNDS_DEPOSIT): one operator records the
    // buyer's payment that reached the factor (the task's submitter, who the inbox refuses), another
    // checks it against the bank and approves — only then is the seller credited and its order loan repaid.
    // The button says what the click does (issue 37): 入账 credits it — nothing is 已入账 before the click.
    decisionLabels: { approve: '入账', reject: '不予入账' },
    describe: factorCollectionFacts,
    onApprove: (tx, task, operator) => confirmFactorCollection(tx, loanCollection, task, operator),
    onReject: async (_tx, _task, _operator, reason) => ({ before: { collected: false }, after: { collected: false, reason } }),
  },
];
