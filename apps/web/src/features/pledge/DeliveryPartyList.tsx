import { DELIVERY_PARTY_STATUS_LABELS, type DeliveryPartyStatus } from '@factoring/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Input, Popconfirm, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import type { Dispatch, SetStateAction } from 'react';
import type { Paged } from '../../lib/request.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import type { PartyFilter, SignPerson } from './delivery-api.ts';
import { promptButtons } from '../../lib/prompt-words.ts';

const STATUS_COLOR: Record<DeliveryPartyStatus, string> = { ACTIVE: 'green', DISABLED: 'default' };

/** What every delivery party (signer, customer) has that the list shows and acts on. */
type Party = Pick<SignPerson, 'id' | 'name' | 'status'>;

interface Props<T extends Party> {
  filter: PartyFilter;
  setFilter: Dispatch<SetStateAction<PartyFilter>>;
  list: UseQueryResult<Paged<T>>;
  /** The columns before 状态 and 操作, which every party list shares. */
  columns: TableColumnsType<T>;
  searchPlaceholder: string;
  emptyText: string;
  scrollX: number;
  disableConfirm(party: T): string;
  onDisable(id: number): void;
}

/**
 * The list of a pledge enterprise's delivery parties (designated signers, downstream customers):
 * status and name filters, paging, and 停用 behind a confirmation. Only active parties can receive
 * a release order, so disabling is the one action here.
 */
export function DeliveryPartyList<T extends Party>({
  filter,
  setFilter,
  list,
  columns,
  searchPlaceholder,
  emptyText,
  scrollX,
  disableConfirm,
  onDisable,
}: Props<T>) {
  // The first column names the party: fixed on the left; 操作 fixed on the right on a wide screen only (lib/table.tsx).
  const [first, ...rest] = columns;
  const all = usePhoneColumns<T>([
    ...(first ? [{ ...first, fixed: 'left' as const, width: first.width ?? 140 }] : []),
    ...rest,
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: DeliveryPartyStatus) => <Tag color={STATUS_COLOR[s]}>{DELIVERY_PARTY_STATUS_LABELS[s]}</Tag>,
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 90,
      render: (_, party) =>
        party.status === 'ACTIVE' ? (
          <Popconfirm title={disableConfirm(party)} {...promptButtons('停用', { danger: true })} onConfirm={() => onDisable(party.id)}>
            <Button size="small">停用</Button>
          </Popconfirm>
        ) : null,
    },
  ]);
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          aria-label="按状态筛选"
          placeholder="全部状态"
          style={{ width: 140 }}
          value={filter.status}
          onChange={(status) => setFilter((f) => ({ ...f, status, page: 1 }))}
          options={Object.entries(DELIVERY_PARTY_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
        />
        <Input.Search
          allowClear
          aria-label={searchPlaceholder}
          placeholder={searchPlaceholder}
          style={{ width: 240 }}
          onSearch={(keyword) => setFilter((f) => ({ ...f, keyword: keyword.trim() || undefined, page: 1 }))}
        />
      </Space>
      <Table<T>
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={list.data?.items}
        scroll={{ x: scrollX }}
        locale={{ emptyText: <Empty description={emptyText} /> }}
        pagination={{
          current: filter.page,
          pageSize: filter.size,
          total: list.data?.totalCount,
          onChange: (page, size) => setFilter((f) => ({ ...f, page, size })),
        }}
        columns={all}
      />
    </>
  );
}
