import { formatYuan } from '@factoring/domain';
import { contractsApi, supplyLoanApi, type AnswerOf, type QueryInput } from '@factoring/domain/contract';
import { Checkbox, Form } from 'antd';
import type { ReactNode } from 'react';
import { useAction } from './action.ts';
import { areaKey, pathOf, send } from './api-client.ts';
import { ConfirmPasswordModal } from './ConfirmPasswordModal.tsx';
import { encryptLoginPassword } from './confirm.ts';

/** What the signing dialog shows of a contract: its id, and what the caller has of its facts. */
export type SignableContract = Pick<SignedContract, 'id'> &
  Partial<Pick<SignedContract, 'contractNo' | 'title' | 'counterparty' | 'amount'>>;

/** The contract as signed: what the signing call answers. */
export type SignedContract = AnswerOf<typeof contractsApi.sign>;

/** Everything a signature changes: the contract list, the financing it belongs to, the dashboard's to-sign count. */
const SIGNING_REFRESHES = [areaKey(contractsApi.sign), areaKey(supplyLoanApi.platforms), ['dashboard']] as const;

/**
 * The PDF (`contractsApi.file`): inline for viewing, or as an attachment (`download=1`). Without a
 * version the server answers the signed version once the contract is signed, else the original.
 */
export const contractFileUrl = (id: number, download = false, version?: QueryInput<typeof contractsApi.file>['version']) => {
  const query = [download && 'download=1', version && `version=${version}`].filter(Boolean).join('&');
  return `${pathOf(contractsApi.file, { id })}${query ? `?${query}` : ''}`;
};

/**
 * THE signing call: `POST /api/contracts/:id/sign` with the login password, RSA-encrypted. The
 * server records signer, time, IP and the document's SHA-256, and answers the signed contract.
 */
function useSignContract() {
  return useAction({
    call: async ({ id, password }: { id: number; password: string }) =>
      send(contractsApi.sign, { params: { id }, body: { password: await encryptLoginPassword(password) } }),
    invalidates: SIGNING_REFRESHES,
  });
}

interface Props {
  /** The contract to sign; null keeps the dialog closed. */
  contract: SignableContract | null;
  onClose(): void;
  onSigned(signed: SignedContract): void;
  /** Shows the full text before signing; without it the PDF opens in a new tab. */
  onView?(): void;
  /**
   * Ask for an explicit "I have read and agree" (the contract list). Off where the contract was just
   * generated from the terms the user confirmed a moment ago (a new financing).
   */
  requireAgreement?: boolean;
}

/**
 * THE signing flow: the password confirmation dialog with the contract's facts and an "I have read
 * and agree" box. Used by the contract list and wherever a contract waits for its signature.
 */
export function SignContractDialog({ contract, onClose, onSigned, onView, requireAgreement = true }: Props) {
  const sign = useSignContract();
  const view: ReactNode = contract && (
    <a
      href={contractFileUrl(contract.id)}
      target="_blank"
      rel="noreferrer"
      onClick={(e) => {
        if (!onView) return;
        e.preventDefault();
        onView();
      }}
    >
      查看合同全文
    </a>
  );
  return (
    <ConfirmPasswordModal<SignedContract>
      open={contract !== null}
      title="签署合同"
      okText="确认签署"
      summary={
        contract
          ? [
              { label: '合同编号', value: contract.contractNo ?? `#${contract.id}` },
              ...(contract.title ? [{ label: '合同名称', value: contract.title }] : []),
              ...(contract.counterparty ? [{ label: '相对方', value: contract.counterparty }] : []),
              ...(contract.amount !== undefined ? [{ label: '合同金额', value: `¥${formatYuan(contract.amount)}` }] : []),
              {
                label: '说明',
                value: <>签署即表示贵司同意合同全部条款；将记录签署人、时间、IP 地址与合同文件的 SHA-256 摘要。签署前请{view}。</>,
              },
            ]
          : []
      }
      onConfirm={({ password }) => sign.mutateAsync({ id: contract!.id, password })}
      onDone={onSigned}
      onCancel={onClose}
    >
      {requireAgreement && (
        <Form.Item
          name="agreed"
          valuePropName="checked"
          initialValue={false}
          rules={[{ validator: (_, v: boolean) => (v ? Promise.resolve() : Promise.reject(new Error('请确认已阅读合同'))) }]}
        >
          <Checkbox>我已阅读并同意本合同全部条款</Checkbox>
        </Form.Item>
      )}
    </ConfirmPasswordModal>
  );
}
