// A catalogue item as the enterprise's pages read it (queries/catalogue.ts, operations/add-goods.ts).
import type { psGoods } from '../../db/schema/index.ts';

export const view = (g: typeof psGoods.$inferSelect) => ({
  id: g.id,
  name: g.name,
  spec: g.spec || null,
  unit: g.unit,
  taxRatePpm: g.taxRatePpm,
  unitPrice: g.unitPrice,
});
