/**
 * The one shape of a business record's history row (a financing's, a pledge's, an order's): what
 * happened in words, the status before and after, and who did it. Each area keeps its own table.
 */
export function eventRow(
  actor: { id: number | null; name: string },
  action: string,
  note?: string | null,
  from?: string | null,
  to?: string | null,
) {
  return { action, note: note ?? null, fromStatus: from ?? null, toStatus: to ?? null, actorId: actor.id, actorName: actor.name };
}
