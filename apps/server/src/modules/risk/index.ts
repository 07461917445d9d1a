// The risk desk's face (issue 27): the query layer over every product's live loans, the limit gate of
// approvals and the close-of-business snapshot. app.ts registers routes.ts itself.
export { bookOn, type Position } from './book.ts';
export { exposure, exposureFinancings } from './exposure.ts';
export { aging } from './aging.ts';
export { requiredReserveOf } from './reserve.ts';
export { limitGate } from './guard.ts';
export { RISK_TASK_TYPES } from './limits.ts';
export { riskSnapshotStep } from './snapshot.ts';
