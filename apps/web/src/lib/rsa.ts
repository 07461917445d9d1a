/** Browser side of the login encryption: RSA-OAEP with SHA-256 through WebCrypto. */
function hexToBase64Url(hex: string): string {
  const clean = hex.length % 2 ? `0${hex}` : hex;
  const bytes = new Uint8Array(clean.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function encryptPassword(plain: string, key: { modulus: string; exponent: string }): Promise<string> {
  const publicKey = await crypto.subtle.importKey(
    'jwk',
    { kty: 'RSA', n: hexToBase64Url(key.modulus), e: hexToBase64Url(key.exponent), alg: 'RSA-OAEP-256', ext: true },
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, new TextEncoder().encode(plain)));
  let binary = '';
  for (const b of cipher) binary += String.fromCharCode(b);
  return btoa(binary);
}
