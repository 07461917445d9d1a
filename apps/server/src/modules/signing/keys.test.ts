import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { newKeyPair, rsaSigner } from './keys.ts';

const digestOf = (text: string, md: forge.md.MessageDigest = forge.md.sha256.create()) => md.update(text, 'utf8');

describe('rsaSigner', () => {
  const pair = newKeyPair();
  const forgesOwn = forge.pki.privateKeyFromPem(pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());

  it("signs a SHA-256 digest to the same bytes as forge's own RSASSA-PKCS1-v1_5, and forge verifies it", () => {
    const ours = rsaSigner(pair.privateKey).sign(digestOf('应收账款转让通知书'));
    expect(ours).toBe(forgesOwn.sign(digestOf('应收账款转让通知书'), 'RSASSA-PKCS1-V1_5'));
    expect(pair.forgePublic.verify(digestOf('应收账款转让通知书').digest().getBytes(), ours)).toBe(true);
    expect(pair.forgePublic.verify(digestOf('另一份').digest().getBytes(), ours)).toBe(false);
  });

  it('refuses any digest but SHA-256 rather than sign it under the wrong name', () => {
    expect(() => rsaSigner(pair.privateKey).sign(digestOf('x', forge.md.sha1.create()))).toThrow(/SHA-256/);
  });
});
