// The warehouse's operator task types (/bpm/tasks), listed in app.ts's TASK_TYPES.
import type { TaskType } from '../bpm/index.ts';
import { approveReceiptCancel, rejectReceiptCancel } from './operations/decide-receipt-cancel.ts';
import { approveStockTake, rejectStockTake } from './operations/decide-stock-take.ts';
import { STOCK_TAKE_TASK } from './operations/submit-stock-take.ts';
import { RECEIPT_CANCEL_TASK } from './receipts.ts';

const idOf = (task: { refId: string }) => Number(task.refId);

export const WAREHOUSE_TASK_TYPES: readonly TaskType[] = [
  {
    type: STOCK_TAKE_TASK,
    label: '库存盘点调整',
    onApprove: (tx, task, operator) => approveStockTake(tx, idOf(task), operator),
    onReject: (tx, task, operator) => rejectStockTake(tx, idOf(task), operator),
  },
  {
    type: RECEIPT_CANCEL_TASK,
    label: '质押仓单注销',
    onApprove: (tx, task, operator) => approveReceiptCancel(tx, idOf(task), operator),
    onReject: (tx, task, operator, reason) => rejectReceiptCancel(tx, idOf(task), reason, operator),
  },
];
