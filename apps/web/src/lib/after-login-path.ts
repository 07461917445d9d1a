/** SPEC §2: after login return to `from`, unless it is / or /login. */
export function afterLoginPath(from: string | null | undefined): string {
  if (!from || from === '/' || from === '/login' || !from.startsWith('/') || from.startsWith('//')) return '/';
  return from;
}
