// The warehouse face (issue 23): the service API for pledge financing (service.ts, see README.md), the
// stock check, the operator task types, and the operations the demo seed drives.
// app.ts registers routes.ts itself.
export { createReleaseOrder } from './operations/create-release-order.ts';
export { pledgeStock } from './operations/pledge-stock.ts';
export { releasePledge } from './operations/release-pledge.ts';
export { checkStock, type StockReport } from './queries/stock-check.ts';
export { WAREHOUSE_TASK_TYPES } from './task-types.ts';
export { createLocation } from './operations/create-location.ts';
export { createWarehouse } from './operations/create-warehouse.ts';
export { listOwnWarehouses } from './queries/warehouses.ts';
export { createGoods } from './operations/create-goods.ts';
export { goodsItem, type GoodsItem } from './queries/goods-item.ts';
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
export { recordStockIn } from './operations/stock-in.ts';
export { recordStockOut } from './operations/stock-out.ts';
export { moveStock } from './operations/stock-move.ts';
export { submitStockTake } from './operations/submit-stock-take.ts';
export { issueReceipt } from './operations/issue-receipt.ts';
