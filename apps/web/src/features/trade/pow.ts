/**
 * Solves the registration's proof of work in the browser: finds the smallest counter such that
 * SHA-256(nonce + counter) begins with `difficulty` zero bits, hashing in batches through WebCrypto.
 */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

const BATCH = 512;

export async function solvePow(nonce: string, difficulty: number, signal?: AbortSignal): Promise<string> {
  const encoder = new TextEncoder();
  for (let start = 0; ; start += BATCH) {
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const digests = await Promise.all(
      Array.from({ length: BATCH }, (_, i) => crypto.subtle.digest('SHA-256', encoder.encode(nonce + (start + i)))),
    );
    const hit = digests.findIndex((d) => leadingZeroBits(new Uint8Array(d)) >= difficulty);
    if (hit >= 0) return String(start + hit);
  }
}
