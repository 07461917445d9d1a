/**
 * A status column's values, taken from its domain state machine (`machine.states`), so the schema
 * never holds a second copy of a status list. drizzle's `text({ enum })` wants a non-empty tuple.
 */
export const statesOf = <S extends string>(states: readonly S[]) => states as unknown as [S, ...S[]];
