import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiAs, DEMO, DEMO_PASSWORD, loginThroughPage } from './fixtures.ts';

test('the demo user signs the seeded contract with the password, sees the signatures and downloads the signed version and the original', async ({
  page,
}) => {
  await loginThroughPage(page, DEMO.merchant);
  await page.goto('/user/contractList');
  const list = page.getByTestId('contract-list');
  // Found by name: the journeys before this one in its shard sign newer contracts that push the seeded ones off page 1.
  const search = async (keyword: string) => {
    await list.getByPlaceholder('合同编号、名称、相对方或业务编号').fill(keyword);
    await list.getByRole('button', { name: /查\s*询/ }).click();
  };
  await search('应收账款保理业务合作协议');
  await expect(list).toContainText('应收账款保理业务合作协议');
  await search('融资保证金协议');
  // The seeded one waits for the demo user's signature (a pledge's margin agreement may share the words of its name).
  const pending = list.getByRole('row').filter({ hasText: '融资保证金协议' }).filter({ hasText: '待签署' });
  await expect(pending.getByTestId('contract-status')).toHaveText('待签署');
  const contractNo = (await pending.getByRole('cell').first().innerText()).trim();
  expect(contractNo).toMatch(/^HT\d{12}$/);
  const row = list.getByRole('row').filter({ hasText: contractNo });

  await row.getByRole('button', { name: '签署' }).click();
  const dialog = page.getByRole('dialog', { name: '签署合同' });
  await expect(dialog).toContainText(contractNo);
  await dialog.getByLabel('我已阅读并同意本合同全部条款').check();

  // A wrong password is refused and nothing is signed.
  await dialog.getByLabel('登录密码').fill('Wrong@2026');
  await dialog.getByRole('button', { name: '确认签署' }).click();
  await expect(dialog).toContainText('登录密码不正确，合同未签署');
  await expect(row.getByTestId('contract-status')).toHaveText('待签署');

  await dialog.getByLabel('登录密码').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: '确认签署' }).click();
  // Signing checks the password (scrypt) and stamps the PDF with a PAdES signature and its signature page: with three
  // journey shards on two cores it passed the default 10 s in the full run (the contract was signed, the drawer open).
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  const detail = page.getByTestId('contract-detail');
  await expect(detail).toContainText('合同已签署');
  const record = page.getByTestId('signature-record');
  await expect(record).toContainText('张明');
  await expect(record).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  const signedHash = (await record.getByTestId('signed-original-hash').innerText()).trim();
  expect(signedHash).toMatch(/^[0-9a-f]{64}$/);
  // Signing made a new version with its own hash, and the stored files verify against the record.
  const signedFileHash = (await record.getByTestId('signed-file-hash').innerText()).trim();
  expect(signedFileHash).toMatch(/^[0-9a-f]{64}$/);
  expect(signedFileHash).not.toBe(signedHash);
  await expect(page.getByTestId('verification-verdict')).toContainText('核验通过');
  // The signed file carries the enterprise's digital signature, read back from the file itself (issue 26);
  // the factor's is its own act, added when an operator approves (issue 37) — this seeded agreement waits for it.
  const signatures = page.getByTestId('file-signature');
  await expect(signatures).toHaveCount(1);
  await expect(signatures.nth(0)).toContainText('上海鑫源贸易有限公司');
  await expect(signatures.nth(0)).toContainText('签名有效');
  await expect(page.getByTestId('verification-verdict')).toContainText('待保理方会签');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  await expect(row.getByTestId('contract-status')).toHaveText('待保理方会签');
  await expect(row.getByRole('button', { name: '签署' })).toHaveCount(0);

  // Both versions download: the signed one (its own hash), and the original that was signed.
  const downloadVersion = async (item: RegExp) => {
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: '下载' }).click();
    await page.getByRole('menuitem', { name: item }).click();
    const download = await downloading;
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return { name: download.suggestedFilename(), sha256: createHash('sha256').update(bytes).digest('hex'), file: (await download.path())! };
  };
  const signedVersion = await downloadVersion(/^签署版/);
  expect(signedVersion).toMatchObject({ name: `${contractNo}-保证金协议-已签署.pdf`, sha256: signedFileHash });
  // As a PDF reader sees it: poppler's pdfsig finds the enterprise's signature valid over the whole file, and no other.
  const report = execFileSync('pdfsig', [signedVersion.file], { encoding: 'utf8' });
  const [enterpriseSignature, extra] = report.split(/^Signature #\d+:$/m).slice(1);
  expect(extra).toBeUndefined();
  expect(enterpriseSignature).toContain('Signer Certificate Common Name: 上海鑫源贸易有限公司');
  expect(enterpriseSignature).toContain('Signature Validation: Signature is Valid.');
  expect(enterpriseSignature).toContain('Total document signed');
  expect(await downloadVersion(/^原文/)).toMatchObject({ name: `${contractNo}-保证金协议.pdf`, sha256: signedHash });

  // Signing again is refused by the server with a clear message.
  const api = await apiAs(DEMO.purchaseSales);
  const other = await api.get('/api/contracts', { params: { keyword: contractNo } });
  expect((await other.json()).message.totalCount).toBe(0); // another enterprise does not see it
  await api.dispose();
});
