// The risk desk's face (issue 27): the read-only query layer over every product's live loans.
// app.ts registers routes.ts itself.
export { bookOn, type Position } from './book.ts';
export { exposure, exposureFinancings } from './exposure.ts';
export { aging, requiredReserveOf } from './aging.ts';
export { collateralWatch } from './collateral.ts';
