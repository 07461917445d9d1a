import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFeedback } from '../../lib/feedback.ts';
import { contractFileUrl, SignContractDialog, type SignableContract } from '../../lib/signing.tsx';

interface Props {
  contract: SignableContract | null;
  onSigned?(): void;
  size?: 'small' | 'middle';
}

/**
 * A financing contract waiting for its signature, signed inline through the one signing flow
 * (lib/signing.tsx), with links to read the PDF first or to sign it from the contract list.
 */
export function SignContract({ contract, onSigned, size = 'middle' }: Props) {
  const [open, setOpen] = useState(false);
  const feedback = useFeedback();
  if (!contract) return <Typography.Text type="secondary">合同生成中…</Typography.Text>;
  return (
    <Space wrap>
      <a href={contractFileUrl(contract.id)} target="_blank" rel="noreferrer">
        查看合同
      </a>
      <Button type="primary" size={size} onClick={() => setOpen(true)} data-testid="sign-financing-contract">
        签署合同
      </Button>
      <Link to="/user/contractList">到合同管理签署</Link>
      <SignContractDialog
        contract={open ? contract : null}
        requireAgreement={false}
        onClose={() => setOpen(false)}
        onSigned={() => {
          setOpen(false);
          feedback.success('合同已签署');
          onSigned?.();
        }}
      />
    </Space>
  );
}
