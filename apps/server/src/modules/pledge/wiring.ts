// What app.ts lists for goods-pledge financing: the route plugin, the operator task types, the daily job.
export { pledgeRoutes } from './routes.ts';
export { PLEDGE_TASK_TYPES } from './task-types.ts';
export { pledgeMarginDefaultStep, pledgeOverdueStep } from './close-of-day.ts';
export { pledgeSignHook } from './on-contract-signed.ts';
