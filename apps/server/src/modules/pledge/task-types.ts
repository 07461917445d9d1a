import { chinaDate } from '@factoring/domain';
import type { TaskType } from '../bpm/index.ts';
import { operatorActor } from '../../lib/actor.ts';
import { approvePledge, rejectPledge } from './operations/approval.ts';
import { pledgeAddition } from './book-addition.ts';
import { contractFacts } from './contract-status.ts';
import { disbursePledge } from './operations/disburse.ts';
import { marginApplicationFacts } from './margin-application-facts.ts';
import { approveGoodsPrice, priceTaskFacts, rejectGoodsPrice } from './operations/record-price.ts';
import { applyMarginOnDefault } from './operations/repay.ts';
import { PLEDGE_RELATED_TYPE } from './contract-documents.ts';
import { PLEDGE_TASK } from './store.ts';

/** The pledge task types of the operators' inbox (PRODUCT §11), listed in app.ts's TASK_TYPES. */
export const PLEDGE_TASK_TYPES: readonly TaskType[] = [
  {
    type: PLEDGE_TASK.APPROVAL,
    label: '质押融资审批',
    // Live in the drawer: whether the pledge contract and margin agreement are signed (approval waits for both).
    describe: (db, task) => contractFacts(db, Number(task.refId)),
    exposure: pledgeAddition('MARGIN_PAID'),
    // The decision after the enterprise signed both: approving it the factor countersigns them (issue 37).
    countersigns: (task) => ({ relatedType: PLEDGE_RELATED_TYPE, relatedId: task.refId }),
    onApprove: (tx, task, operator, comment) => approvePledge(tx, task, operator, comment),
    onReject: (tx, task, operator, reason) => rejectPledge(tx, task, operator, reason),
  },
  {
    type: PLEDGE_TASK.DISBURSE,
    label: '质押融资放款',
    // Maker-checker: whoever approved the financing does not disburse it (the inbox enforces it).
    executes: PLEDGE_TASK.APPROVAL,
    describe: (db, task) => contractFacts(db, Number(task.refId)),
    exposure: pledgeAddition('APPROVED'),
    onApprove: (tx, task, operator) => disbursePledge(tx, task, operator, chinaDate()),
    onReject: (tx, task, operator, reason) => rejectPledge(tx, task, operator, reason),
  },
  {
    // Follow-up of an unmet margin call: approving applies the margin held to the debt (PRODUCT §8).
    type: PLEDGE_TASK.MARGIN_DEFAULT,
    label: '补缴保证金逾期跟进',
    decisionLabels: { approve: '以保证金抵扣欠款', reject: '暂不抵扣' },
    describe: (db, task) => marginApplicationFacts(db, Number((task.data as { financingId: number }).financingId), chinaDate()),
    onApprove: async (tx, task, operator) => {
      const applied = await applyMarginOnDefault(
        tx,
        Number((task.data as { financingId: number }).financingId),
        operatorActor(operator),
        chinaDate(),
      );
      return { after: { marginCallId: task.refId, applied: applied.applied, refNo: applied.refNo, status: applied.status } };
    },
    onReject: async (_tx, task, _operator, reason) => ({ after: { followedUp: false, marginCallId: task.refId, reason } }),
  },
  {
    // Four eyes on prices: one operator enters a goods price (the task's submitter, whom the inbox
    // refuses), another approves it — only then is it recorded and every live pledge marked to market.
    type: PLEDGE_TASK.PRICE,
    label: '质押货物价格复核',
    // Live in the drawer: which financings the price would push past the warning or liquidation line.
    describe: (db, task) => priceTaskFacts(db, task),
    onApprove: (tx, task, operator) => approveGoodsPrice(tx, task, operator, chinaDate()),
    onReject: async (_tx, task, operator, reason) => rejectGoodsPrice(task, operator, reason),
  },
];
