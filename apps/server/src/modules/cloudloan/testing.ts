import { depositEntry, transferEntry, virtualAccountNo, type Cents } from '@factoring/domain';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { virtualAccountBalance, postEntry } from '../ledger/index.ts';

/** Test helpers for the cloud-loan API tests: real calls through the routes, real ledger postings. */

export const okOf = <T = Record<string, unknown>>(res: LightMyRequestResponse): T => {
  const body = res.json();
  if (res.statusCode !== 200 || body.status !== 'OK') throw new Error(`expected OK, got ${res.statusCode} ${JSON.stringify(body)}`);
  return body.message as T;
};

/** A refused business rule: HTTP 200, status ERROR; answers the code and the Chinese message. */
export const refusal = (res: LightMyRequestResponse): { code: string | undefined; message: string } => {
  const body = res.json();
  expect(res.statusCode, JSON.stringify(body)).toBe(200);
  expect(body.status, JSON.stringify(body)).toBe('ERROR');
  return { code: body.code, message: body.message };
};

/** A malformed request: HTTP 400 whose message names the field. */
export const badRequest = (res: LightMyRequestResponse): string => {
  expect(res.statusCode, res.body).toBe(400);
  return res.json().message as string;
};

export async function deposit(t: TestApp, enterpriseId: number, amount: number) {
  await t.database.db.transaction((tx) =>
    postEntry(tx, depositEntry({ enterpriseId, amount: amount as Cents, payer: { name: '测试入金', accountNo: null }, memo: '测试入金' })),
  );
}

export async function available(t: TestApp, enterpriseId: number): Promise<number> {
  return (await virtualAccountBalance(t.database.db, enterpriseId))!.available;
}

/** Moves all but `keep` of the available funds to another enterprise (a real transfer posting), so a debit falls short. */
export async function drainTo(t: TestApp, from: number, to: number, keep: number) {
  const amount = (await available(t, from)) - keep;
  if (amount <= 0) return 0;
  await t.database.db.transaction((tx) =>
    postEntry(
      tx,
      transferEntry({
        from: { enterpriseId: from, name: '借款企业', accountNo: virtualAccountNo(from) },
        to: { enterpriseId: to, name: '其他企业', accountNo: virtualAccountNo(to) },
        amount: amount as Cents,
        fee: 0 as Cents,
        memo: '测试转出',
      }),
    ),
  );
  return amount;
}

export const newKey = () => `k-${crypto.randomUUID()}`;

export const GOOD_APPLICATION = {
  amount: 50_000_000,
  termMonths: 6,
  method: 'EQUAL_INSTALMENT',
  purpose: '采购原材料',
  lastYearRevenue: 1_200_000_000,
  lastYearTax: 36_000_000,
  creditEnquiryConsent: true,
  agreementAccepted: true,
  contactName: '张经理',
  contactPhone: '13800138000',
};
