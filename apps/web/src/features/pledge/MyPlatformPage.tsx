import { formatPercent } from '@factoring/domain';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Table, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { date } from '../../lib/format.ts';
import { yuan } from '../../lib/money.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import { usePlatforms, type PledgePlatform } from './api.ts';

type PledgeTerms = PledgePlatform['terms'][number];

/** /pledge/myPlatform (and /pledge/toFinacing): the pledge platforms, the own credit line, the accepted goods with their lines and today's price. */
export default function MyPlatformPage() {
  const platforms = usePlatforms();
  const navigate = useNavigate();
  const termColumns = usePhoneColumns<PledgeTerms>([
    { title: '接受货物', dataIndex: 'goodsName', fixed: 'left', width: 110 },
    {
      title: '当前单价',
      align: 'right',
      width: 150,
      render: (_, t) => (t.unitPrice === null ? '暂无报价' : `${yuan(t.unitPrice)}/${t.unit}`),
    },
    { title: '价格日期', dataIndex: 'priceDate', width: 110, render: (v: string | null) => date(v) },
    { title: '质押率', align: 'right', width: 90, render: (_, t) => formatPercent(t.pledgeRatePpm) },
    { title: '预警线', align: 'right', width: 90, render: (_, t) => formatPercent(t.warningLinePpm) },
    { title: '平仓线', align: 'right', width: 90, render: (_, t) => formatPercent(t.liquidationLinePpm) },
    { title: '保证金比例', align: 'right', width: 110, render: (_, t) => formatPercent(t.marginRatePpm) },
  ]);
  if (platforms.isPending) return <Skeleton active />;
  if (platforms.isError) return <LoadFailure title="质押融资平台加载失败" error={platforms.error} retry={() => platforms.refetch()} />;
  if (!platforms.data.length) return <Empty description="暂无质押融资平台" />;
  return (
    <div data-testid="pledge-platforms">
      {platforms.data.map((p) => (
        <Card
          key={p.id}
          title={p.name}
          style={{ marginBottom: 16 }}
          extra={
            p.creditLine ? (
              <Button
                type="primary"
                disabled={p.creditLine.status !== 'ACTIVE'}
                onClick={() => navigate(`/pledge/applyFinacing?creditLineId=${p.creditLine!.id}`)}
              >
                发起融资
              </Button>
            ) : (
              <Tag>未获授信</Tag>
            )
          }
        >
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
            <Descriptions.Item label="年化利率">{formatPercent(p.annualRatePpm)}</Descriptions.Item>
            <Descriptions.Item label="最长期限">{p.maxTermDays} 天</Descriptions.Item>
            <Descriptions.Item label="计息方式">{p.interestMode === 'UPFRONT' ? '预收息' : '利随本清'}</Descriptions.Item>
            {p.creditLine && (
              <>
                <Descriptions.Item label="授信额度">{yuan(p.creditLine.limit)}</Descriptions.Item>
                <Descriptions.Item label="可用额度">{yuan(p.creditLine.available)}</Descriptions.Item>
                <Descriptions.Item label="授信到期">{date(p.creditLine.expiryDate)}</Descriptions.Item>
              </>
            )}
          </Descriptions>
          {p.description && <Alert type="info" showIcon message={p.description} style={{ margin: '12px 0' }} />}
          <Table<PledgeTerms>
            rowKey="goodsId"
            size="small"
            pagination={false}
            dataSource={p.terms}
            scroll={{ x: 770 }}
            columns={termColumns}
          />
        </Card>
      ))}
    </div>
  );
}
