/**
 * A status column's values, taken from its domain state machine (`statesOf(machine)`, or the machine's
 * `…_STATUSES`, which is `machine.states`), so the schema never holds a second copy of a status list.
 * drizzle's `text({ enum })` wants a non-empty tuple. `status-columns.test.ts` checks every status
 * column against its machine.
 */
export function statesOf<S extends string>(source: readonly S[] | { readonly states: readonly S[] }): [S, ...S[]] {
  const states = 'states' in source ? source.states : source;
  return states as unknown as [S, ...S[]];
}
