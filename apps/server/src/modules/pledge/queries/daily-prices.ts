// A goods item's price history as the enterprise reads it: one price a day. Operators may enter
// more than one price on a day (a correction, a second quote); the day's price is the last one that
// took effect that day — the one every financing was marked to at the end of it (issue 24).

/**
 * One row per price date, the day's last (highest id), in date order. `rows` may come in any order.
 */
export function dailyPrices<T extends { id: number; priceDate: string }>(rows: readonly T[]): T[] {
  const byDay = new Map<string, T>();
  for (const row of rows) {
    const kept = byDay.get(row.priceDate);
    if (!kept || row.id > kept.id) byDay.set(row.priceDate, row);
  }
  return [...byDay.values()].sort((a, b) => (a.priceDate < b.priceDate ? -1 : a.priceDate > b.priceDate ? 1 : a.id - b.id));
}
