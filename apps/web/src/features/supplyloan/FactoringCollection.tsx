import { Alert, Descriptions, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { money } from '../../lib/Money.tsx';
import { yuan } from '../../lib/money.ts';
import { COLLECTION_STATE_COLORS, settlementGap, settlementLines, settlementStage } from './factoring-money.ts';
import { useFinancingCollection, type CollectionRow, type FinancingCollection as Collection } from './financing-collection-api.ts';

/**
 * 保理回款 in the supplier's financing drawer (issue 36, PRODUCT §13 factoring money): whether the factor may turn to
 * the supplier (有/无追索权), the grace after the due date, whom the factor collects from, every payment booked
 * against the financing (the debtor's, a misdirected one forwarded, a buy-back, a write-off) and the settlement with
 * its rebate. Its own chunk: the drawer loads it only for an invoice financing once it opens.
 */
export default function FactoringCollection({ financingId }: { financingId: number }) {
  const collection = useFinancingCollection(financingId);
  return (
    <section data-testid="factoring-collection" aria-labelledby="factoring-collection-title">
      <Typography.Title level={5} id="factoring-collection-title" style={{ marginTop: 0 }}>
        保理回款
      </Typography.Title>
      {collection.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : collection.isError ? (
        <LoadFailure title="保理回款加载失败" error={collection.error} retry={() => void collection.refetch()} />
      ) : (
        <CollectionView c={collection.data} />
      )}
    </section>
  );
}

function CollectionView({ c }: { c: Collection }) {
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="回款状态">
          <Tag color={COLLECTION_STATE_COLORS[c.state]} data-testid="collection-state">
            {c.stateLabel}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="追索权">
          <Tag color={c.recourse ? 'blue' : 'purple'} data-testid="collection-recourse">
            {c.recourseLabel}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="债务人">{c.debtorName}</Descriptions.Item>
        <Descriptions.Item label="应收账款">{yuan(c.receivable)}</Descriptions.Item>
        <Descriptions.Item label="到期日">{c.dueDate}</Descriptions.Item>
        <Descriptions.Item label="宽限期">{c.graceDays} 天</Descriptions.Item>
        <Descriptions.Item label="最迟回款日">{c.collectBy}</Descriptions.Item>
        <Descriptions.Item label="今日尚欠保理商">{yuan(c.owedToday)}</Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {c.recourse
          ? `有追索权：债务人在到期日后 ${c.graceDays} 天内未付清的，由贵单位回购（从贵单位账户扣款）。`
          : `无追索权：债务人在到期日后 ${c.graceDays} 天内未付清的部分由保理商承担（核销），不向贵单位追索。`}
      </Typography.Text>
      {c.preview && (
        <Alert
          type="info"
          showIcon
          data-testid="collection-preview"
          title={`若债务人今日（${c.preview.asOf}）付清应收账款 ${yuan(c.preview.amount)}`}
          description={
            <>
              归还本金 {yuan(c.preview.principal)}、利息 {yuan(c.preview.interest)}、罚息 {yuan(c.preview.penalty)}
              {c.preview.interestRefund > 0 && `，退还未用天数利息 ${yuan(c.preview.interestRefund)}`}；返还贵单位 {yuan(c.preview.rebate)}
              {c.preview.shortfall > 0 && `；仍不足 ${yuan(c.preview.shortfall)}`}
            </>
          }
        />
      )}
      <Table<CollectionRow>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={c.collections}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无回款：债务人付款至保理商收款账户后在此显示' }}
        data-testid="collection-rows"
        columns={[
          { title: '日期', dataIndex: 'collectedOn' },
          { title: '类型', dataIndex: 'kindLabel' },
          { title: '金额', dataIndex: 'amount', align: 'right', render: money },
          { title: '本金', dataIndex: 'principal', align: 'right', render: money },
          { title: '利息', dataIndex: 'interest', align: 'right', render: money },
          { title: '罚息', dataIndex: 'penalty', align: 'right', render: money },
          { title: '返还', dataIndex: 'rebate', align: 'right', render: money },
          { title: '退还利息', dataIndex: 'interestRefund', align: 'right', render: money },
          { title: '付款人', dataIndex: 'payerName', render: (v: string | null) => v ?? '—' },
          { title: '流水号', dataIndex: 'refNo', render: (v: string | null) => v ?? '—' },
        ]}
      />
      <Settlement c={c} />
    </Space>
  );
}

const SIGN = { 1: '', [-1]: '−', 0: '' } as const;

/**
 * The settlement as a sum: collected − advanced − interest − fees − penalty = rebate. Fixed once the factor has
 * collected (the sum then holds to the cent); while it waits the page says so; a financing the supplier repaid
 * itself had no collection to settle.
 */
function Settlement({ c }: { c: Collection }) {
  const stage = settlementStage(c.state, c.collections.length);
  if (stage === 'repaid') {
    return (
      <Typography.Text type="secondary" data-testid="collection-settlement">
        本笔融资由贵单位自行还款结清，无债务人回款，无需结算返还。
      </Typography.Text>
    );
  }
  const gap = stage === 'closed' ? settlementGap(c.settlement) : 0;
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Typography.Text strong>结算</Typography.Text>
      {stage === 'open' && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          截至今日；债务人回款、供应商回购或核销后确定返还金额。
        </Typography.Text>
      )}
      <Descriptions bordered size="small" column={1} data-testid="collection-settlement" styles={{ label: { width: '50%' } }}>
        {settlementLines(c.settlement).map((l) => (
          <Descriptions.Item key={l.key} label={l.key === 'rebate' ? `= ${l.label}` : l.label}>
            <Typography.Text strong={l.key === 'rebate'} data-testid={`settlement-${l.key}`} style={{ whiteSpace: 'nowrap' }}>
              {l.cents > 0 ? SIGN[l.sign] : ''}
              {yuan(l.cents)}
            </Typography.Text>
          </Descriptions.Item>
        ))}
        {gap !== 0 && (
          <Descriptions.Item label="差额">
            <Typography.Text type="danger" data-testid="settlement-gap">
              {yuan(gap)}（结算未平，请联系保理商核对）
            </Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Space>
  );
}
