import { Descriptions, Typography } from 'antd';
import type { Position } from './api.ts';
import { qtyText } from './format.ts';

export const positionOptionLabel = (p: Position) =>
  `${p.depositorName} · ${p.goodsName}${p.batchNo ? `（${p.batchNo}）` : ''} · ${p.warehouseName} ${p.locationCode} · 可用 ${qtyText(p.available, p.scale, p.unit)}`;

/** The buckets of a position, as shown before a stock operation. */
export function PositionSummary({ position }: { position: Position }) {
  const q = (v: string) => qtyText(v, position.scale, position.unit);
  return (
    <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }} data-testid="position-summary">
      <Descriptions.Item label="存货企业" span={2}>
        {position.depositorName}
      </Descriptions.Item>
      <Descriptions.Item label="商品" span={2}>
        {position.goodsName} {position.specification ?? ''} {position.batchNo ? `· 批次 ${position.batchNo}` : ''}
      </Descriptions.Item>
      <Descriptions.Item label="库存合计">{q(position.total)}</Descriptions.Item>
      <Descriptions.Item label="可用">
        <Typography.Text strong type="success" data-testid="summary-available">
          {q(position.available)}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="质押">{q(position.pledged)}</Descriptions.Item>
      <Descriptions.Item label="冻结（含仓单）">{q(position.frozen)}</Descriptions.Item>
    </Descriptions>
  );
}
