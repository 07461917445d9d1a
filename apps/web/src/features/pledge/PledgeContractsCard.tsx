import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, List, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { dateTime } from '../../lib/format.ts';
import { yuan } from '../../lib/money.ts';
import { contractFileUrl, SignContractDialog } from '../../lib/signing.tsx';
import { PLEDGE_KEY, useFinancing, type PledgeFinancingDetail } from './api.ts';
import { usePledgeContracts, type PledgeContract } from './payment-api.ts';

/**
 * What the financing waits for, as the enterprise must read it (issue 24): signed contracts alone do
 * not bring it to the operators — the margin must be paid too, and the alert says which is missing.
 */
function waitingFor(allSigned: boolean, f: PledgeFinancingDetail | undefined) {
  const marginDue = f?.status === 'MARGIN_PENDING';
  const margin = f ? yuan(f.margin) : '';
  if (!allSigned)
    return {
      type: 'warning' as const,
      title: marginDue
        ? `请签署质押合同与保证金协议，并缴纳保证金 ${margin}；两者完成后运营方可审批`
        : '请签署质押合同与保证金协议，全部签署后运营方可审批',
    };
  if (marginDue) return { type: 'warning' as const, title: `合同已全部签署，尚待缴纳保证金 ${margin}，缴纳后进入运营审批` };
  if (f?.status === 'MARGIN_PAID') return { type: 'success' as const, title: '合同已全部签署，保证金已缴纳，等待运营审批' };
  if (f?.status === 'APPROVED') return { type: 'success' as const, title: '合同已全部签署，审批已通过，等待运营放款' };
  return { type: 'success' as const, title: '合同已全部签署' };
}

const STATUS_COLORS: Record<string, string> = { TO_SIGN: 'orange', SIGNED: 'green', EXPIRED: 'default', VOID: 'default' };

/**
 * The pledge contract and margin agreement of a financing, with their signatures: signed here with
 * the one signing flow (password; signer, time, IP and SHA-256 recorded) or from /user/contractList.
 * The operator approves only when both are signed and the margin is paid: the alert says which is
 * still awaited (the pages that show the card offer the payment beside it).
 */
export function PledgeContractsCard({ financingId }: { financingId: number }) {
  const contracts = usePledgeContracts(financingId);
  const financing = useFinancing(financingId);
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
          {live.length > 0 && !financing.isPending && (
            <Alert showIcon data-testid="pledge-waiting" {...waitingFor(data.allSigned, financing.data)} />
          )}
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
