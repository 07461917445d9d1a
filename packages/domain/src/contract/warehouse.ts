// The API contract of the supervised warehouse (issue 13): goods catalogue, warehouses and
// locations, stock in / out / move, inventory and movements, warehouse receipts, stock-taking.
// Quantities are decimal text (at most three decimals here; the goods' own unit scale is checked by
// the server's quantity rules, e.g. pieces take whole numbers).
import { z } from 'zod';
import { MOVEMENT_KINDS, type MovementKind } from '../quantity.ts';
import { receiptLifecycle, stockTakeLifecycle, type ReceiptStatus, type StockTakeStatus } from '../status/warehouse.ts';
import { validateUscc } from '../uscc.ts';
import {
  idParams,
  idSchema,
  intSchema,
  isoDateSchema,
  moneyConfirmationFields,
  optionalTextSchema,
  pageOf,
  pageQuerySchema,
  quantitySchema,
  textSchema,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { releaseOrderListQuery, warehouseReleaseOrderSchema } from './pledge-delivery.ts';

const idempotencyKey = z.string({ error: '缺少幂等键' }).max(200).optional();

/** Ids as a JSON array or comma-separated text (form bodies). */
const idList = (label: string, max = 20) =>
  z
    .union([z.array(z.union([z.number(), z.string()])), z.string()])
    .transform((v) => (Array.isArray(v) ? v : v.split(',').filter((s) => s.trim() !== '')))
    .pipe(z.array(idSchema(label)).max(max, `${label}最多 ${max} 个`));

/** An optional id: absent, empty (a cleared form field) or null all mean "not given". */
const optionalId = (label: string) =>
  z
    .union([z.literal(''), z.null(), idSchema(label)])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v));

// ---------------------------------------------------------------- goods catalogue

export const goodsInputSchema = z.object({
  name: textSchema(60, '商品名称'),
  specification: optionalTextSchema(100, '规格型号'),
  unit: textSchema(10, '计量单位'),
  /** Decimals the unit is counted in: 3 for tonnes, 0 for pieces. */
  scale: intSchema('数量小数位', 0, 3),
  category: textSchema(30, '商品类别'),
  standardWeight: z
    .union([z.literal(''), z.null(), quantitySchema('标准重量', 3)])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v)),
});
export type GoodsInput = z.input<typeof goodsInputSchema>;

export const goodsListQuerySchema = pageQuerySchema.extend({
  keyword: optionalTextSchema(60, '关键字'),
  status: z.enum(['ACTIVE', 'DISABLED']).optional(),
});

export const goodsItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  specification: z.string().nullable(),
  unit: z.string(),
  scale: z.number(),
  category: z.string(),
  standardWeight: z.string().nullable(),
  status: z.enum(['ACTIVE', 'DISABLED']),
  inUse: z.boolean(),
  /** A change of an item in use makes a new version (issue 21). */
  version: z.number(),
  ownerId: z.number().nullable(),
  ownerName: z.string(),
  /** The caller's company owns the item: it may change, disable or delete it. */
  editable: z.boolean(),
});
export type GoodsItem = z.infer<typeof goodsItemSchema>;

// ---------------------------------------------------------------- warehouses and locations

export const warehouseInputSchema = z.object({
  name: textSchema(60, '仓库名称'),
  address: textSchema(200, '仓库地址'),
  region: textSchema(30, '所在地区'),
  contactName: textSchema(20, '联系人'),
  contactPhone: textSchema(20, '联系电话'),
  acceptedCategories: textSchema(200, '可存放商品类别'),
  storageGuide: optionalTextSchema(2000, '存货须知', { multiline: true }),
});

export const locationInputSchema = z.object({
  warehouseId: idSchema('仓库'),
  code: textSchema(20, '库位编号'),
  name: optionalTextSchema(60, '库位名称'),
});

export const locationSchema = z.object({ id: z.number(), warehouseId: z.number(), code: z.string(), name: z.string().nullable() });

export const warehouseSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  region: z.string(),
  companyId: z.number(),
  companyName: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  acceptedCategories: z.string(),
  storageGuide: z.string().nullable(),
  locations: z.array(locationSchema),
});
export type Warehouse = z.infer<typeof warehouseSchema>;

// ---------------------------------------------------------------- stock in / out / move

export const stockInSchema = z.object({
  warehouseId: idSchema('仓库'),
  locationId: idSchema('库位'),
  depositorId: idSchema('存货企业'),
  goodsId: idSchema('商品'),
  batchNo: optionalTextSchema(40, '批次号'),
  quantity: quantitySchema('入库数量'),
  occurredOn: isoDateSchema('入库日期'),
  documentNo: textSchema(40, '入库单号'),
  attachmentIds: idList('附件').optional(),
  note: optionalTextSchema(200, '备注'),
  idempotencyKey,
});
export type StockInInput = z.input<typeof stockInSchema>;

export const stockOutSchema = z.object({
  positionId: idSchema('库存'),
  quantity: quantitySchema('出库数量'),
  occurredOn: isoDateSchema('出库日期'),
  documentNo: textSchema(40, '出库单号'),
  releaseOrderId: optionalId('放货指令'),
  attachmentIds: idList('附件').optional(),
  note: optionalTextSchema(200, '备注'),
  idempotencyKey,
});
export type StockOutInput = z.input<typeof stockOutSchema>;

export const stockMoveSchema = z.object({
  positionId: idSchema('库存'),
  toLocationId: idSchema('目标库位'),
  quantity: quantitySchema('移库数量'),
  occurredOn: isoDateSchema('移库日期'),
  note: optionalTextSchema(200, '备注'),
  idempotencyKey,
});

// ---------------------------------------------------------------- inventory and movements

export const positionQuerySchema = pageQuerySchema.extend({
  warehouseId: optionalId('仓库'),
  depositorId: optionalId('存货企业'),
  goodsId: optionalId('商品'),
  /** Hide positions whose every bucket is zero (the default). */
  includeEmpty: z.enum(['true', 'false']).optional(),
});

export const positionSchema = z.object({
  id: z.number(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  locationId: z.number(),
  locationCode: z.string(),
  depositorId: z.number(),
  depositorName: z.string(),
  goodsId: z.number(),
  goodsName: z.string(),
  specification: z.string().nullable(),
  /** The goods' category (钢材, 有色金属 …): a move goes only to a zone that takes it. */
  category: z.string(),
  unit: z.string(),
  scale: z.number(),
  batchNo: z.string(),
  /** The business date (业务日期) of the position's last recorded movement; the list is in this order, newest first. */
  lastMovedOn: z.string().nullable(),
  total: z.string(),
  available: z.string(),
  pledged: z.string(),
  frozen: z.string(),
  updatedAt: z.string(),
});
export type StockPosition = z.infer<typeof positionSchema>;

export const movementQuerySchema = pageQuerySchema.extend({
  positionId: optionalId('库存'),
  warehouseId: optionalId('仓库'),
  depositorId: optionalId('存货企业'),
  goodsId: optionalId('商品'),
  /** A movement kind, or IN_OUT for stock-ins and stock-outs together. */
  kind: z
    .union([z.literal(''), z.literal('IN_OUT'), z.enum(MOVEMENT_KINDS as [MovementKind, ...MovementKind[]])], { error: '流水类型不正确' })
    .optional(),
  dateFrom: z.union([z.literal(''), isoDateSchema('开始日期')]).optional(),
  dateTo: z.union([z.literal(''), isoDateSchema('结束日期')]).optional(),
});

export const movementSchema = z.object({
  id: z.number(),
  operationNo: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  positionId: z.number(),
  warehouseName: z.string(),
  locationCode: z.string(),
  depositorName: z.string(),
  goodsName: z.string(),
  unit: z.string(),
  scale: z.number(),
  batchNo: z.string(),
  quantity: z.string(),
  available: z.string(),
  pledged: z.string(),
  frozen: z.string(),
  occurredOn: z.string(),
  documentNo: z.string().nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  actorName: z.string(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof movementSchema>;

export const movementResultSchema = z.object({ operationNo: z.string(), movementIds: z.array(z.number()), positionId: z.number() });

// ---------------------------------------------------------------- warehouse receipts

export const receiptIssueSchema = z.object({
  positionId: idSchema('库存'),
  quantity: quantitySchema('仓单数量'),
  note: optionalTextSchema(200, '备注'),
  idempotencyKey,
});

export const receiptSplitSchema = z.object({
  receiptId: idSchema('仓单'),
  parts: z.array(quantitySchema('拆分数量'), { error: '请输入拆分数量' }).min(2, '拆分至少需要两份').max(20, '拆分最多 20 份'),
  idempotencyKey,
});

export const receiptMergeSchema = z.object({
  receiptIds: idList('仓单').pipe(z.array(z.number()).min(2, '合并至少需要两张仓单')),
  idempotencyKey,
});

/** A unified social credit code, checked by GB 32100 and upper-cased. */
const usccSchema = (label: string) =>
  textSchema(18, label).transform((v, ctx) => {
    const r = validateUscc(v);
    if (r.ok) return r.normalized;
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  });

/** Endorsing moves title to the goods: the holder confirms it with the login password (issue 21). */
export const receiptEndorseSchema = z.object({
  receiptId: idSchema('仓单'),
  toUscc: usccSchema('被背书企业统一社会信用代码'),
  ...moneyConfirmationFields,
});

/** The endorsee named by its credit code (checked on blur in the endorsement dialog). */
export const endorseeQuerySchema = z.object({ uscc: usccSchema('统一社会信用代码') });
export const endorseeSchema = z.object({ name: z.string(), uscc: z.string() });

export const receiptCancelSchema = z.object({ receiptId: idSchema('仓单'), reason: textSchema(200, '注销原因'), idempotencyKey });

export const receiptQuerySchema = pageQuerySchema.extend({
  /** A receipt status, ACTIVE for live, pledged and pending cancellation, or empty for all. */
  status: z
    .union([z.literal(''), z.literal('ACTIVE'), z.enum(receiptLifecycle.states as [ReceiptStatus, ...ReceiptStatus[]])], {
      error: '仓单状态不正确',
    })
    .optional(),
  warehouseId: optionalId('仓库'),
});

export const receiptSchema = z.object({
  id: z.number(),
  receiptNo: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  positionId: z.number(),
  holderId: z.number(),
  holderName: z.string(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  locationCode: z.string(),
  goodsName: z.string(),
  specification: z.string().nullable(),
  unit: z.string(),
  scale: z.number(),
  batchNo: z.string(),
  quantity: z.string(),
  contentHash: z.string(),
  version: z.number(),
  parentIds: z.array(z.number()),
  issuedAt: z.string(),
  updatedAt: z.string(),
});
export type WarehouseReceipt = z.infer<typeof receiptSchema>;

/** Verification needs what is printed on the receipt: its number and its content hash (issue 21). */
export const receiptVerifyQuerySchema = z.object({
  receiptNo: textSchema(40, '仓单编号'),
  hash: textSchema(64, '内容哈希'),
});

/**
 * A verification answer. The number and hash must match the receipt's current version; otherwise
 * nothing is said about the receipt (`found: false`), so receipts cannot be read by guessing. What it
 * states comes from the snapshot hashed when it was issued or last changed, not today's catalogue.
 */
export const receiptVerificationSchema = z.object({
  found: z.boolean(),
  receiptNo: z.string(),
  hashMatches: z.boolean().nullable(),
  status: z.string().nullable(),
  statusLabel: z.string().nullable(),
  warehouseName: z.string().nullable(),
  locationCode: z.string().nullable(),
  holderName: z.string().nullable(),
  holderUscc: z.string().nullable(),
  goodsName: z.string().nullable(),
  specification: z.string().nullable(),
  batchNo: z.string().nullable(),
  quantity: z.string().nullable(),
  unit: z.string().nullable(),
  version: z.number().nullable(),
  contentHash: z.string().nullable(),
  issuedAt: z.string().nullable(),
});

// ---------------------------------------------------------------- stock-taking

export const stockTakeSchema = z.object({
  warehouseId: idSchema('仓库'),
  locationId: idSchema('库位'),
  countedOn: isoDateSchema('盘点日期'),
  lines: z
    .array(
      z.object({
        positionId: idSchema('库存'),
        counted: z.union([z.literal('0'), z.literal(0), quantitySchema('实盘数量')]).transform(String),
      }),
      { error: '请填写实盘数量' },
    )
    .min(1, '请至少盘点一项库存')
    .max(200),
  note: optionalTextSchema(200, '备注'),
  idempotencyKey,
});
export type StockTakeInput = z.input<typeof stockTakeSchema>;

export const stockTakeItemSchema = z.object({
  id: z.number(),
  takeNo: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  warehouseName: z.string(),
  locationCode: z.string(),
  countedOn: z.string(),
  alert: z.boolean(),
  lines: z.array(
    z.object({
      positionId: z.number(),
      depositorName: z.string(),
      goodsName: z.string(),
      unit: z.string(),
      scale: z.number(),
      batchNo: z.string(),
      book: z.string(),
      counted: z.string(),
      difference: z.string(),
      touchesEncumbered: z.boolean(),
    }),
  ),
  createdAt: z.string(),
});
export type StockTake = z.infer<typeof stockTakeItemSchema>;

export const stockTakeQuerySchema = pageQuerySchema.extend({
  status: z
    .union([z.literal(''), z.enum(stockTakeLifecycle.states as [StockTakeStatus, ...StockTakeStatus[]])], { error: '盘点状态不正确' })
    .optional(),
});

export const enterpriseQuerySchema = z.object({ keyword: optionalTextSchema(60, '关键字') });

// ---------------------------------------------------------------- pages' paged answers

export const goodsPageSchema = pageOf(goodsItemSchema);
export const positionPageSchema = pageOf(positionSchema);
export const movementPageSchema = pageOf(movementSchema);
export const receiptPageSchema = pageOf(receiptSchema);
export const stockTakePageSchema = pageOf(stockTakeItemSchema);

/** The depositor's own stock, summed per warehouse and goods (for its financing pages). */
export const ownStockSchema = z.array(
  z.object({
    warehouseId: z.number(),
    warehouseName: z.string(),
    goodsId: z.number(),
    goodsName: z.string(),
    unit: z.string(),
    scale: z.number(),
    total: z.string(),
    available: z.string(),
    pledged: z.string(),
    frozen: z.string(),
  }),
);

export const enterpriseOptionSchema = z.array(z.object({ id: z.number(), name: z.string(), uscc: z.string().nullable() }));

// ---------------------------------------------------------------- answers of the writes

/** What a write that only creates a record answers: its id. */
export const warehouseCreatedSchema = z.object({ id: z.number() });

/** A goods item saved: changed in place, or a new version when stock names the old one (issue 21). */
export const goodsSavedSchema = z.object({
  id: z.number(),
  version: z.number().optional(),
  newVersion: z.boolean().optional(),
  /** The version replaced (disabled), when a new one was made. */
  previousId: z.number().optional(),
});

export const goodsStatusSchema = z.object({ id: z.number(), status: z.enum(['ACTIVE', 'DISABLED']) });

/**
 * A stock-changing call runs once per idempotency key: a replay answers the first result as a WARN,
 * marked `replayed` with a notice (nothing moves twice).
 */
const replayFields = {
  replayed: z.boolean().optional(),
  notice: z.string().optional(),
};

export const stockMovedSchema = movementResultSchema.extend(replayFields);
export const receiptIssuedSchema = z.object({ id: z.number(), receiptNo: z.string(), contentHash: z.string(), ...replayFields });
export const receiptSplitResultSchema = z.object({
  receipts: z.array(z.object({ id: z.number(), receiptNo: z.string(), quantity: z.string() })),
  ...replayFields,
});
export const receiptMergedSchema = z.object({ id: z.number(), receiptNo: z.string(), quantity: z.string(), ...replayFields });
export const receiptEndorsedSchema = z.object({
  id: z.number(),
  receiptNo: z.string(),
  holderName: z.string(),
  holderUscc: z.string(),
  contentHash: z.string(),
  ...replayFields,
});
/** Cancelled at once, or pending an operator's approval when the receipt is pledged. */
export const receiptCancelledSchema = z.object({ id: z.number(), status: z.enum(['CANCEL_PENDING', 'CANCELLED']), ...replayFields });
export const stockTakeSubmittedSchema = z.object({
  id: z.number(),
  takeNo: z.string(),
  /** NO_DIFFERENCE: book and count agree; PENDING: the adjustment waits for an operator. */
  status: z.string(),
  alert: z.boolean(),
  ...replayFields,
});

/** The stock books checked against each other (the same as `npm run stock:check`). */
export const stockCheckSchema = z.object({
  positions: z.number(),
  movements: z.number(),
  receipts: z.number(),
  problems: z.array(z.string()),
});

// ---------------------------------------------------------------------------------------------
// The operations (issue 23): defined once, served by modules/warehouse/routes.ts, called by
// features/warehouse/api.ts. `warehouse` access: a warehouse company's user (ckFlag Y).
// ---------------------------------------------------------------------------------------------
const tag = 'warehouse';

export const warehouseApi = {
  // Goods catalogue
  goods: endpoint({
    method: 'GET',
    path: '/api/warehouse/goods',
    tag,
    access: 'user',
    summary: '商品目录',
    query: goodsListQuerySchema,
    answer: goodsPageSchema,
  }),
  createGoods: endpoint({
    method: 'POST',
    path: '/api/warehouse/goods',
    tag,
    access: 'warehouse',
    summary: '新增商品（归本仓储公司）',
    body: goodsInputSchema,
    answer: goodsSavedSchema,
  }),
  updateGoods: endpoint({
    method: 'POST',
    path: '/api/warehouse/goods/:id',
    tag,
    access: 'warehouse',
    summary: '修改本公司的商品（已使用的商品生成新版本）',
    params: idParams,
    body: goodsInputSchema,
    answer: goodsSavedSchema,
  }),
  disableGoods: endpoint({
    method: 'POST',
    path: '/api/warehouse/goods/:id/disable',
    tag,
    access: 'warehouse',
    summary: '停用商品',
    params: idParams,
    answer: goodsStatusSchema,
  }),
  enableGoods: endpoint({
    method: 'POST',
    path: '/api/warehouse/goods/:id/enable',
    tag,
    access: 'warehouse',
    summary: '启用商品',
    params: idParams,
    answer: goodsStatusSchema,
  }),
  deleteGoods: endpoint({
    method: 'POST',
    path: '/api/warehouse/goods/:id/delete',
    tag,
    access: 'warehouse',
    summary: '删除未使用的商品',
    params: idParams,
    answer: warehouseCreatedSchema,
  }),

  // Warehouses
  guide: endpoint({
    method: 'GET',
    path: '/api/warehouse/guide',
    tag,
    access: 'user',
    summary: '监管仓库（货押指引）',
    answer: z.array(warehouseSchema),
  }),
  ownWarehouses: endpoint({
    method: 'GET',
    path: '/api/warehouse/warehouses/own',
    tag,
    access: 'warehouse',
    summary: '本仓储公司的仓库与库位',
    answer: z.array(warehouseSchema),
  }),
  createWarehouse: endpoint({
    method: 'POST',
    path: '/api/warehouse/warehouses',
    tag,
    access: 'warehouse',
    summary: '新增仓库',
    body: warehouseInputSchema,
    answer: warehouseCreatedSchema,
  }),
  createLocation: endpoint({
    method: 'POST',
    path: '/api/warehouse/locations',
    tag,
    access: 'warehouse',
    summary: '新增库位',
    body: locationInputSchema,
    answer: warehouseCreatedSchema,
  }),
  enterprises: endpoint({
    method: 'GET',
    path: '/api/warehouse/enterprises',
    tag,
    access: 'warehouse',
    summary: '已认证企业（仓储公司选择存货人）',
    query: enterpriseQuerySchema,
    answer: enterpriseOptionSchema,
  }),
  endorsee: endpoint({
    method: 'GET',
    path: '/api/warehouse/endorsees',
    tag,
    access: 'merchant',
    summary: '按统一社会信用代码确认被背书企业（名称与代码）',
    query: endorseeQuerySchema,
    answer: endorseeSchema,
  }),

  // Inventory and movements (scoped)
  positions: endpoint({
    method: 'GET',
    path: '/api/warehouse/positions',
    tag,
    access: 'user',
    summary: '库存明细（分页）',
    query: positionQuerySchema,
    answer: positionPageSchema,
  }),
  exportPositions: endpoint({
    method: 'GET',
    path: '/api/warehouse/positions/export',
    tag,
    access: 'user',
    summary: '导出库存明细（Excel 由浏览器生成）',
    query: positionQuerySchema.omit({ page: true, size: true }),
    answer: z.array(positionSchema),
  }),
  position: endpoint({
    method: 'GET',
    path: '/api/warehouse/positions/:id',
    tag,
    access: 'user',
    summary: '一条库存',
    params: idParams,
    answer: positionSchema,
  }),
  movements: endpoint({
    method: 'GET',
    path: '/api/warehouse/movements',
    tag,
    access: 'user',
    summary: '出入库及库存流水（分页）',
    query: movementQuerySchema,
    answer: movementPageSchema,
  }),
  myStock: endpoint({
    method: 'GET',
    path: '/api/warehouse/my-stock',
    tag,
    access: 'merchant',
    summary: '本企业在各监管仓库的库存',
    answer: ownStockSchema,
  }),

  // Stock in / out / move
  stockIn: endpoint({
    method: 'POST',
    path: '/api/warehouse/stock-in',
    tag,
    access: 'warehouse',
    summary: '入库',
    body: stockInSchema,
    answer: stockMovedSchema,
  }),
  stockOut: endpoint({
    method: 'POST',
    path: '/api/warehouse/stock-out',
    tag,
    access: 'warehouse',
    summary: '出库（不超过可用数量）',
    body: stockOutSchema,
    answer: stockMovedSchema,
  }),
  releaseOrders: endpoint({
    method: 'GET',
    path: '/api/warehouse/release-orders',
    tag,
    access: 'warehouse',
    summary: '库存的待出库放货单（含收货方）',
    query: releaseOrderListQuery,
    answer: z.array(warehouseReleaseOrderSchema),
  }),
  stockMove: endpoint({
    method: 'POST',
    path: '/api/warehouse/stock-move',
    tag,
    access: 'warehouse',
    summary: '移库',
    body: stockMoveSchema,
    answer: stockMovedSchema,
  }),

  // Warehouse receipts
  receipts: endpoint({
    method: 'GET',
    path: '/api/warehouse/receipts',
    tag,
    access: 'user',
    summary: '电子仓单（分页）',
    query: receiptQuerySchema,
    answer: receiptPageSchema,
  }),
  verifyReceipt: endpoint({
    method: 'GET',
    path: '/api/warehouse/receipts/verify',
    tag,
    access: 'user',
    summary: '仓单核验',
    query: receiptVerifyQuerySchema,
    answer: receiptVerificationSchema,
  }),
  issueReceipt: endpoint({
    method: 'POST',
    path: '/api/warehouse/receipts/issue',
    tag,
    access: 'warehouse',
    summary: '开立仓单',
    body: receiptIssueSchema,
    answer: receiptIssuedSchema,
  }),
  splitReceipt: endpoint({
    method: 'POST',
    path: '/api/warehouse/receipts/split',
    tag,
    access: 'merchant',
    summary: '拆分仓单',
    body: receiptSplitSchema,
    answer: receiptSplitResultSchema,
  }),
  mergeReceipts: endpoint({
    method: 'POST',
    path: '/api/warehouse/receipts/merge',
    tag,
    access: 'merchant',
    summary: '合并仓单',
    body: receiptMergeSchema,
    answer: receiptMergedSchema,
  }),
  endorseReceipt: endpoint({
    method: 'POST',
    path: '/api/warehouse/receipts/endorse',
    tag,
    access: 'merchant',
    summary: '背书转让仓单（持有人，登录密码确认）',
    body: receiptEndorseSchema,
    answer: receiptEndorsedSchema,
  }),
  cancelReceipt: endpoint({
    method: 'POST',
    path: '/api/warehouse/receipts/cancel',
    tag,
    access: 'merchant',
    summary: '注销仓单',
    body: receiptCancelSchema,
    answer: receiptCancelledSchema,
  }),

  // Stock-taking
  stockTakes: endpoint({
    method: 'GET',
    path: '/api/warehouse/stock-takes',
    tag,
    access: 'user',
    summary: '盘点记录（分页）',
    query: stockTakeQuerySchema,
    answer: stockTakePageSchema,
  }),
  submitStockTake: endpoint({
    method: 'POST',
    path: '/api/warehouse/stock-takes',
    tag,
    access: 'warehouse',
    summary: '提交盘点（差异待运营审批）',
    body: stockTakeSchema,
    answer: stockTakeSubmittedSchema,
  }),

  // Operators
  stockCheck: endpoint({
    method: 'GET',
    path: '/api/bpm/warehouse/stock-check',
    tag,
    access: 'operator',
    summary: '库存账核对（与 npm run stock:check 相同）',
    answer: stockCheckSchema,
  }),
};
