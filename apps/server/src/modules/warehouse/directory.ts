import { directoryOf, fullDirectoryOf } from '../../db/directory.ts';
import { goods, releaseOrders, stockPositions, warehouseLocations, warehouseReceipts, warehouses } from '../../db/schema/index.ts';

/**
 * The warehouse's goods and warehouses as another area reads them (db/directory.ts, issue 35): the pledge
 * names the goods it holds and the warehouse that supervises them, joined in SQL, and never writes either.
 */
export const goodsDirectoryAs = directoryOf(goods, { id: goods.id, name: goods.name, unit: goods.unit, scale: goods.scale });
export const goodsDirectory = goodsDirectoryAs('goods_directory');

export const warehouseDirectoryAs = directoryOf(warehouses, { id: warehouses.id, name: warehouses.name, address: warehouses.address });
export const warehouseDirectory = warehouseDirectoryAs('warehouse_directory');

/**
 * The stock the pledge reads whole (its application, its lists, the release-order desk): positions,
 * receipts, locations and release orders, read-only and joinable. The warehouse alone moves stock.
 */
const stock = fullDirectoryOf(stockPositions, 'stock_position_directory');
export const stockPositionDirectory = stock.directory;
export const stockPositionFields = stock.fields;
export const warehouseReceiptDirectory = fullDirectoryOf(warehouseReceipts, 'warehouse_receipt_directory').directory;
export const warehouseLocationDirectory = fullDirectoryOf(warehouseLocations, 'warehouse_location_directory').directory;
const release = fullDirectoryOf(releaseOrders, 'release_order_directory');
export const releaseOrderDirectory = release.directory;
export const releaseOrderFields = release.fields;

export type StockPosition = typeof stockPositions.$inferSelect;
export type WarehouseReceipt = typeof warehouseReceipts.$inferSelect;
