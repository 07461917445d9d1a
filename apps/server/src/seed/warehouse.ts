import { addDays, chinaDate } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { enterprises, users, warehouses } from '../db/schema/index.ts';
import type { EnterpriseScope } from '../lib/scope.ts';
import {
  createGoods,
  issueReceipt,
  recordStockIn,
  moveStock,
  recordStockOut,
  submitStockTake,
  createLocation,
  createWarehouse,
  listOwnWarehouses,
} from '../modules/warehouse/index.ts';

const GUIDE = [
  '1. 存货企业与本公司签订仓储合同，并在平台完成实名认证；',
  '2. 货物到库前一个工作日预约，随货提供提单/发票、质量证明书；',
  '3. 到库后过磅、验收、按批次入位，本公司在平台登记入库并上传磅单与质检单；',
  '4. 入库后存货企业即可在平台查看库存，申请开立电子仓单或办理货押融资；',
  '5. 质押或仓单项下货物须凭融资方放货指令出库。',
].join('\n');

/**
 * The warehouse demo (issue 13): 江苏安储 (login cangchu, ckFlag Y) runs two supervised warehouses
 * holding 上海鑫源's (login demo) steel coil and electrolytic copper in tonnes and aluminium ingots in
 * pieces, with a movement history written through the real service functions and one live receipt.
 * Runs once (keyed by the warehouse names).
 */
export async function seedWarehouse(db: Db) {
  const [keeper] = await db.select().from(users).where(eq(users.loginName, 'cangchu'));
  const [depositor] = await db
    .select({ id: enterprises.id })
    .from(users)
    .innerJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(eq(users.loginName, 'demo'));
  if (!keeper?.enterpriseId || !depositor) return;
  const [existing] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.companyId, keeper.enterpriseId));
  if (existing) return;

  const scope: EnterpriseScope = {
    kind: 'enterprise',
    enterpriseId: keeper.enterpriseId,
    userId: keeper.id,
    certified: true,
    warehouse: true,
  };
  const actor = { id: keeper.id, name: keeper.displayName };

  const steel = await createGoods(db, scope, {
    name: '热轧卷板',
    specification: 'Q235B 5.75mm×1500mm',
    unit: '吨',
    scale: 3,
    category: '钢材',
    standardWeight: undefined,
  });
  const copper = await createGoods(db, scope, {
    name: '电解铜',
    specification: 'Cu-CATH-1 ≥99.9935%',
    unit: '吨',
    scale: 3,
    category: '有色金属',
    standardWeight: undefined,
  });
  const ingot = await createGoods(db, scope, {
    name: '铝合金锭',
    specification: 'A00 25kg/块',
    unit: '件',
    scale: 0,
    category: '有色金属',
    standardWeight: '0.025',
  });
  await createGoods(db, scope, {
    name: '螺纹钢',
    specification: 'HRB400E Φ20mm',
    unit: '吨',
    scale: 3,
    category: '钢材',
    standardWeight: undefined,
  });

  await createWarehouse(db, scope, {
    name: '安储苏州工业园区监管仓',
    address: '江苏省苏州市工业园区港田路 88 号',
    region: '江苏省苏州市',
    contactName: '李仓',
    contactPhone: '0512-62880001',
    acceptedCategories: '钢材、有色金属',
    storageGuide: GUIDE,
  });
  await createWarehouse(db, scope, {
    name: '安储无锡物流园监管库',
    address: '江苏省无锡市惠山区钱桥街道物流园 6 号库',
    region: '江苏省无锡市',
    contactName: '周库',
    contactPhone: '0510-83590002',
    acceptedCategories: '钢材、有色金属',
    storageGuide: GUIDE,
  });
  for (const w of await listOwnWarehouses(db, scope)) {
    for (const code of w.name.includes('苏州') ? ['A-01', 'A-02', 'B-01'] : ['1-01', '2-01']) {
      await createLocation(db, scope, {
        warehouseId: w.id,
        code,
        name: code.startsWith('A') || code.startsWith('1') ? '钢材库区' : '有色金属库区',
      });
    }
  }
  const [suzhou, wuxi] = await listOwnWarehouses(db, scope);
  const loc = (w: typeof suzhou, code: string) => w!.locations.find((l) => l.code === code)!.id;
  const today = chinaDate();
  const day = (n: number) => addDays(today, -n);

  const stockIn = (
    w: typeof suzhou,
    code: string,
    goodsId: number,
    batchNo: string,
    quantity: string,
    daysAgo: number,
    documentNo: string,
  ) =>
    db.transaction((tx) =>
      recordStockIn(
        tx,
        scope,
        {
          warehouseId: w!.id,
          locationId: loc(w, code),
          depositorId: depositor.id,
          goodsId,
          batchNo,
          quantity,
          occurredOn: day(daysAgo),
          documentNo,
        },
        actor,
      ),
    );
  const coil = await stockIn(suzhou, 'A-01', steel.id, 'RB2610-01', '1200.500', 40, 'RK-SZ-20261014');
  const cathode = await stockIn(suzhou, 'B-01', copper.id, 'CU2610-A', '300.125', 35, 'RK-SZ-20261019');
  await stockIn(wuxi, '1-01', steel.id, 'RB2611-02', '860.000', 20, 'RK-WX-20261103');
  await stockIn(wuxi, '2-01', ingot.id, 'AL2611', '4800', 12, 'RK-WX-20261111');

  await db.transaction((tx) =>
    recordStockOut(
      tx,
      scope,
      {
        positionId: coil.positionId,
        quantity: '150.250',
        occurredOn: day(25),
        documentNo: 'CK-SZ-20261029',
        releaseOrderId: undefined,
        note: '存货企业销售提货',
      },
      actor,
    ),
  );
  await db.transaction((tx) =>
    moveStock(
      tx,
      scope,
      { positionId: coil.positionId, toLocationId: loc(suzhou, 'A-02'), quantity: '100.000', occurredOn: day(18), note: '库区整理' },
      actor,
    ),
  );
  await db.transaction((tx) =>
    issueReceipt(tx, scope, { positionId: cathode.positionId, quantity: '120.000', note: '应存货企业申请开立' }, actor),
  );
  await db.transaction((tx) =>
    submitStockTake(
      tx,
      scope,
      {
        warehouseId: suzhou!.id,
        locationId: loc(suzhou, 'B-01'),
        countedOn: day(5),
        lines: [{ positionId: cathode.positionId, counted: '300.125' }],
      },
      actor,
    ),
  );
}
