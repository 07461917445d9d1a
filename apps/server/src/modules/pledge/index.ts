// The goods-pledge face (issue 23): what app.ts lists — the operator task types, the sign hook, the
// close-of-business steps — and the operations the demo seed drives. app.ts registers routes.ts itself.
/** The product app.ts registers (issue 35): its loans in the one book, its tasks, sign hook and close-of-business steps. */
export { pledgeProduct } from './lending-product.ts';
/** The demo seed drives the inbox and the signing as the app does. */
export { PLEDGE_TASK_TYPES } from './task-types.ts';
export { pledgeSignHook } from './on-contract-signed.ts';
/** Its kinds of contract (issue 35): the demo seed draws up a margin agreement of its own. */
export { MARGIN_CONTRACT_KIND, PLEDGE_CONTRACT_KIND } from './contract-kinds.ts';
export { setPledgeTerms } from './terms.ts';
export { recordGoodsPrice } from './operations/record-price.ts';
export { applyPledge } from './operations/apply.ts';
export { payMargin } from './operations/pay-margin.ts';
export { PLEDGE_RELATED_TYPE } from './contract-documents.ts';
export { addSignPerson } from './operations/sign-persons.ts';
export { addCustomer } from './operations/customers.ts';
