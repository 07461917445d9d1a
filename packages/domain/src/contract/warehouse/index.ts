// The API contract of the supervised warehouse (issue 13): goods catalogue, warehouses and
// locations, stock in / out / move, inventory and movements, warehouse receipts, stock-taking.
// Quantities are decimal text (at most three decimals here; the goods' own unit scale is checked by
// the server's quantity rules, e.g. pieces take whole numbers).
//
// One file per operation, or per few operations that share their schemas, with those schemas beside it:
// each file exports its schemas and types by name and its operations as its default export (keyed as in
// warehouseApi); shared.ts holds what several files use. This file re-exports every name and builds
// warehouseApi, whose order is the OpenAPI document's.
import cancelReceipt from './cancel-receipt.ts';
import createLocation from './create-location.ts';
import createWarehouse from './create-warehouse.ts';
import deleteGoods from './delete-goods.ts';
import endorseReceipt from './endorse-receipt.ts';
import endorsee from './endorsee.ts';
import enterprises from './enterprises.ts';
import goods from './goods.ts';
import goodsStatus from './goods-status.ts';
import issueReceipt from './issue-receipt.ts';
import mergeReceipts from './merge-receipts.ts';
import movements from './movements.ts';
import myStock from './my-stock.ts';
import positions from './positions.ts';
import receipts from './receipts.ts';
import releaseOrders from './release-orders.ts';
import saveGoods from './save-goods.ts';
import splitReceipt from './split-receipt.ts';
import stockCheck from './stock-check.ts';
import stockIn from './stock-in.ts';
import stockMove from './stock-move.ts';
import stockOut from './stock-out.ts';
import stockTakes from './stock-takes.ts';
import submitStockTake from './submit-stock-take.ts';
import verifyReceipt from './verify-receipt.ts';
import warehouses from './warehouses.ts';

export { movementResultSchema, stockMovedSchema, warehouseCreatedSchema } from './shared.ts';
export * from './cancel-receipt.ts';
export * from './create-location.ts';
export * from './create-warehouse.ts';
export * from './delete-goods.ts';
export * from './endorse-receipt.ts';
export * from './endorsee.ts';
export * from './enterprises.ts';
export * from './goods-status.ts';
export * from './goods.ts';
export * from './issue-receipt.ts';
export * from './merge-receipts.ts';
export * from './movements.ts';
export * from './my-stock.ts';
export * from './positions.ts';
export * from './receipts.ts';
export * from './release-orders.ts';
export * from './save-goods.ts';
export * from './split-receipt.ts';
export * from './stock-check.ts';
export * from './stock-in.ts';
export * from './stock-move.ts';
export * from './stock-out.ts';
export * from './stock-takes.ts';
export * from './submit-stock-take.ts';
export * from './verify-receipt.ts';
export * from './warehouses.ts';

// ---------------------------------------------------------------------------------------------
// The operations (issue 23): defined once, served by modules/warehouse/routes.ts, called by
// features/warehouse/api.ts. `warehouse` access: a warehouse company's user (ckFlag Y).
// ---------------------------------------------------------------------------------------------

export const warehouseApi = {
  // Goods catalogue
  ...goods,
  ...saveGoods, // createGoods, updateGoods
  ...goodsStatus, // disableGoods, enableGoods
  ...deleteGoods,

  // Warehouses
  ...warehouses, // guide, ownWarehouses
  ...createWarehouse,
  ...createLocation,
  ...enterprises,
  ...endorsee,

  // Inventory and movements (scoped)
  ...positions, // positions, exportPositions, position
  ...movements,
  ...myStock,

  // Stock in / out / move
  ...stockIn,
  ...stockOut,
  ...releaseOrders,
  ...stockMove,

  // Warehouse receipts
  ...receipts,
  ...verifyReceipt,
  ...issueReceipt,
  ...splitReceipt,
  ...mergeReceipts,
  ...endorseReceipt,
  ...cancelReceipt,

  // Stock-taking
  ...stockTakes,
  ...submitStockTake,

  // Operators
  ...stockCheck,
};
