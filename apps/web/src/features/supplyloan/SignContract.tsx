import { formatYuan } from '@factoring/domain';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFeedback } from '../../lib/feedback.ts';
import { useSignContract } from './api.ts';
import { ConfirmPasswordModal } from '../../lib/ConfirmPasswordModal.tsx';

interface Props {
  contract: { id: number; contractNo?: string; title?: string; amount?: number } | null;
  onSigned?(): void;
  size?: 'small' | 'middle';
}

/**
 * Signs a financing contract inline through the contracts API (password confirmation; the server
 * records signer, time, IP and the document's SHA-256), with links to read the PDF first or to
 * sign it from the contract list.
 */
export function SignContract({ contract, onSigned, size = 'middle' }: Props) {
  const [open, setOpen] = useState(false);
  const sign = useSignContract();
  const { show } = useFeedback();
  if (!contract) return <Typography.Text type="secondary">合同生成中…</Typography.Text>;
  return (
    <Space wrap>
      <a href={`/api/contracts/${contract.id}/file`} target="_blank" rel="noreferrer">
        查看合同
      </a>
      <Button type="primary" size={size} onClick={() => setOpen(true)} data-testid="sign-financing-contract">
        签署合同
      </Button>
      <Link to="/user/contractList">到合同管理签署</Link>
      <ConfirmPasswordModal<unknown>
        open={open}
        title="签署融资合同"
        okText="确认签署"
        summary={[
          { label: '合同编号', value: contract.contractNo ?? `#${contract.id}` },
          ...(contract.title ? [{ label: '合同名称', value: contract.title }] : []),
          ...(contract.amount !== undefined ? [{ label: '合同金额', value: `¥${formatYuan(contract.amount)}` }] : []),
          { label: '说明', value: '签署即表示同意合同全部条款；将记录签署人、时间、IP 与合同文件的 SHA-256 摘要。' },
        ]}
        onConfirm={(password) => sign.mutateAsync({ id: contract.id, password })}
        onDone={() => {
          setOpen(false);
          show({ status: 'OK', message: '合同已签署' });
          onSigned?.();
        }}
        onCancel={() => setOpen(false)}
      />
    </Space>
  );
}
