import { authenticationLifecycle } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { enterpriseAuthentications } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { transition } from '../../lib/transition.ts';
import { certifyEnterprise, lockEnterprise } from '../account/index.ts';
import type { TaskType } from '../bpm/index.ts';
import { openVirtualAccount } from '../ledger/index.ts';
import { assertAuthenticationTransition } from './authentications.ts';
import { bindSettlementAccount } from './settlement-account.ts';
import { AUTHENTICATION, lockUscc, usccTakenByOther } from './submit-authentication.ts';
import * as clock from '../../lib/clock.ts';
import { enterpriseCredential, signingContext } from '../signing/index.ts';

async function lockSubmission(tx: Tx, refId: string) {
  const [row] = await tx
    .select()
    .from(enterpriseAuthentications)
    .where(eq(enterpriseAuthentications.id, Number(refId)))
    .for('update');
  if (!row) throw new BusinessError('认证申请不存在');
  return row;
}

const required = (v: string | null, what: string) => {
  if (!v) throw new BusinessError(`认证申请缺少${what}，请驳回`);
  return v;
};

/**
 * The AUTHENTICATION task type: approval certifies the enterprise (name and credit code as
 * submitted), binds its settlement account and opens its virtual fund account, all in the
 * decision's transaction; rejection sends the submission back with the reason.
 */
export const authenticationTaskType: TaskType = {
  type: AUTHENTICATION,
  label: '企业实名认证',
  async onApprove(tx, task, operator) {
    const row = await lockSubmission(tx, task.refId);
    assertAuthenticationTransition(row.status, 'APPROVED');
    const enterprise = await lockEnterprise(tx, row.enterpriseId);
    if (!enterprise) throw new BusinessError('企业不存在');
    if (enterprise.certified) throw new BusinessError('该企业已完成实名认证，请驳回本次重复申请');
    const uscc = required(row.uscc, '统一社会信用代码');
    await lockUscc(tx, uscc);
    if (await usccTakenByOther(tx, uscc, enterprise.id))
      throw new BusinessError('该统一社会信用代码已由其他企业完成实名认证，请驳回该申请');

    const certifiedAt = clock.now();
    const name = required(row.enterpriseName, '企业名称');
    await certifyEnterprise(tx, enterprise.id, { name, uscc, certifiedAt });
    await bindSettlementAccount(
      tx,
      enterprise.id,
      {
        accountName: required(row.accountName, '结算账户名称'),
        accountNo: required(row.accountNo, '结算账号'),
        bankCode: required(row.bankCode, '开户银行'),
        bankName: required(row.bankName, '开户银行'),
        provinceCode: required(row.provinceCode, '开户省份'),
        provinceName: required(row.provinceName, '开户省份'),
        cityCode: required(row.cityCode, '开户城市'),
        cityName: required(row.cityName, '开户城市'),
        unionBankNo: required(row.unionBankNo, '开户网点'),
        branchName: required(row.branchName, '开户网点'),
      },
      { type: 'AUTHENTICATION', id: row.id },
    );
    const { accountNo } = await openVirtualAccount(tx, enterprise.id);
    await transition(tx, enterpriseAuthentications, authenticationLifecycle, row, 'APPROVED', {
      rejectReason: null,
      decidedBy: operator.id,
      decidedAt: certifiedAt,
      updatedAt: certifiedAt,
    });
    // Its signing certificate (issue 26): name, credit code and legal representative as just approved.
    const certificate = await enterpriseCredential(tx, await signingContext(), enterprise.id, certifiedAt);
    return {
      before: { status: row.status, enterprise: { name: enterprise.name, uscc: enterprise.uscc, certified: enterprise.certified } },
      after: {
        status: 'APPROVED',
        enterprise: { name, uscc, certified: true, certifiedAt },
        virtualAccountNo: accountNo,
        signingCertificateSerial: certificate.certificate.serialNumber,
      },
    };
  },
  async onReject(tx, task, operator, reason) {
    const row = await lockSubmission(tx, task.refId);
    assertAuthenticationTransition(row.status, 'REJECTED');
    const now = clock.now();
    await transition(tx, enterpriseAuthentications, authenticationLifecycle, row, 'REJECTED', {
      rejectReason: reason,
      decidedBy: operator.id,
      decidedAt: now,
      updatedAt: now,
    });
    return { before: { status: row.status }, after: { status: 'REJECTED', rejectReason: reason } };
  },
};
