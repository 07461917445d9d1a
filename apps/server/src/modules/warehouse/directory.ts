import { directoryOf } from '../../db/directory.ts';
import { goods, warehouses } from '../../db/schema/index.ts';

/**
 * The warehouse's goods and warehouses as another area reads them (db/directory.ts, issue 35): the pledge
 * names the goods it holds and the warehouse that supervises them, joined in SQL, and never writes either.
 */
export const goodsDirectoryAs = directoryOf(goods, { id: goods.id, name: goods.name, unit: goods.unit, scale: goods.scale });
export const goodsDirectory = goodsDirectoryAs('goods_directory');

export const warehouseDirectoryAs = directoryOf(warehouses, { id: warehouses.id, name: warehouses.name, address: warehouses.address });
export const warehouseDirectory = warehouseDirectoryAs('warehouse_directory');
