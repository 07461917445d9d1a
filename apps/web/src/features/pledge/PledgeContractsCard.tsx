import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, List, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { dateTime } from '../../lib/format.ts';
import { yuan } from '../../lib/money.ts';
import { contractFileUrl, SignContractDialog } from '../../lib/signing.tsx';
import { PLEDGE_KEY } from './api.ts';
import { usePledgeContracts, type PledgeContract } from './payment-api.ts';

const STATUS_COLORS: Record<string, string> = { TO_SIGN: 'orange', SIGNED: 'green', EXPIRED: 'default', VOID: 'default' };

/**
 * The pledge contract and margin agreement of a financing, with their signatures: signed here with
 * the one signing flow (password; signer, time, IP and SHA-256 recorded) or from /user/contractList.
 * The operator approves only when both are signed.
 */
export function PledgeContractsCard({ financingId }: { financingId: number }) {
  const contracts = usePledgeContracts(financingId);
  const [signing, setSigning] = useState<PledgeContract | null>(null);
  const queryClient = useQueryClient();
  const data = contracts.data;
  const live = data?.contracts.filter((c) => c.status !== 'VOID') ?? [];
  return (
    <Card title="质押合同与保证金协议" size="small" data-testid="pledge-contracts">
      {contracts.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : !data || data.contracts.length === 0 ? (
        <Empty description="暂无合同" />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {live.length > 0 &&
            (data.allSigned ? (
              <Alert type="success" showIcon title="合同已全部签署，等待运营审批" />
            ) : (
              <Alert type="warning" showIcon title="请签署质押合同与保证金协议，全部签署后运营方可审批" />
            ))}
          <List<PledgeContract>
            dataSource={data.contracts}
            renderItem={(c) => (
              <List.Item
                actions={
                  c.status === 'TO_SIGN'
                    ? [
                        <Button key="sign" size="small" type="primary" onClick={() => setSigning(c)}>
                          签署
                        </Button>,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={
                    <Space size={8} wrap>
                      <a href={contractFileUrl(c.id)} target="_blank" rel="noreferrer">{`${c.typeLabel} ${c.contractNo}`}</a>
                      <Tag color={STATUS_COLORS[c.status]} data-testid={`contract-status-${c.type}`}>
                        {c.statusLabel}
                      </Tag>
                    </Space>
                  }
                  description={`金额 ${yuan(c.amount)}${c.signedAt ? `，${c.signedByName ?? ''} 签署于 ${dateTime(c.signedAt)}` : ''}`}
                />
              </List.Item>
            )}
          />
          <Link to="/user/contractList">在合同管理中查看全部合同</Link>
        </Space>
      )}
      <SignContractDialog
        contract={signing}
        onClose={() => setSigning(null)}
        onSigned={() => {
          setSigning(null);
          void queryClient.invalidateQueries({ queryKey: PLEDGE_KEY });
        }}
      />
    </Card>
  );
}
