// The warehouse face (issue 23): the service API for pledge financing (service.ts, see README.md), the
// stock check, the operator task types, and the operations the demo seed drives.
// app.ts registers routes.ts itself.
export { createReleaseOrder, pledgeStock, releasePledge } from './service.ts';
export { checkStock, type StockReport } from './stock-check.ts';
export { WAREHOUSE_TASK_TYPES } from './task-types.ts';
export { createLocation, createWarehouse, listOwnWarehouses } from './warehouses.ts';
export { createGoods, goodsItem, type GoodsItem } from './goods.ts';
export {
  goodsDirectory,
  goodsDirectoryAs,
  releaseOrderDirectory,
  releaseOrderFields,
  stockPositionDirectory,
  stockPositionFields,
  warehouseDirectory,
  warehouseDirectoryAs,
  warehouseLocationDirectory,
  warehouseReceiptDirectory,
  type StockPosition,
  type WarehouseReceipt,
} from './directory.ts';
export { recordStockIn } from './stock-in.ts';
export { recordStockOut } from './stock-out.ts';
export { moveStock } from './stock-move.ts';
export { submitStockTake } from './stock-take.ts';
export { issueReceipt } from './receipts.ts';
