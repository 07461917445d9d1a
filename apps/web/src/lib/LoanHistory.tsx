import type { LoanHistoryEvent } from '@factoring/domain/contract';
import { Tag, Timeline, Typography } from 'antd';
import { dateTime as formatDateTime } from './format.ts';

/**
 * A loan's history as its detail shows it (issue 35: one history for every lending product): each step
 * with the status it moved to, when and by whom, and its note. `statusLabel` names the product's statuses.
 */
export function LoanHistory({ events, statusLabel }: { events: readonly LoanHistoryEvent[]; statusLabel: (status: string) => string }) {
  if (!events.length) return <Typography.Text type="secondary">暂无记录</Typography.Text>;
  return (
    <Timeline
      items={events.map((h) => ({
        key: h.id,
        children: (
          <>
            <Typography.Text strong>{h.action}</Typography.Text>
            {h.toStatus && h.fromStatus !== h.toStatus && <Tag style={{ marginLeft: 8 }}>{statusLabel(h.toStatus)}</Tag>}
            <div>
              <Typography.Text type="secondary">
                {formatDateTime(h.createdAt)} · {h.actorName}
              </Typography.Text>
            </div>
            {h.note && <div>{h.note}</div>}
          </>
        ),
      }))}
    />
  );
}
