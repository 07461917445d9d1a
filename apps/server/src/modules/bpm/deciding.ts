import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The task whose decision is running (decideTask sets it around the type's handler): a task the
 * handler creates — the disbursement an approval opens — records it as the task it follows.
 */
export const deciding = new AsyncLocalStorage<{ taskId: number }>();
