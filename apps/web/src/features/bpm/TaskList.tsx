import { ReloadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Form, Input, Select, Space, Table, Tag } from 'antd';
import { taskLifecycle } from '@factoring/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { dateTime as time } from '../../lib/format.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import { useTasks, useTaskTypes, type TaskFilters, type TaskItem } from './api.ts';
import { STATE_COLORS } from './task-colors.ts';
import { TaskDrawer } from './TaskDrawer.tsx';

const STATE_OPTIONS = taskLifecycle.states.map((value) => ({ value, label: taskLifecycle.label(value) }));

/** 审批任务: the operators' review inbox, filtered by type, state, enterprise and who claimed it. */
export function TaskList() {
  const types = useTaskTypes();
  // The home page's queues link here with ?type=… to open that queue.
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<TaskFilters>({ state: 'PENDING', type: params.get('type') || undefined });
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const tasks = useTasks(filters, paging.page, paging.size);
  const [open, setOpen] = useState<number | null>(null);
  const [form] = Form.useForm<TaskFilters>();

  // On a phone only the number stays put (lib/table.tsx): the action column scrolls with the rest.
  const columns = usePhoneColumns<TaskItem>([
    { title: '编号', dataIndex: 'id', width: 70, fixed: 'left' },
    { title: '类型', dataIndex: 'typeLabel', width: 130 },
    { title: '主题', dataIndex: 'subject', ellipsis: true },
    { title: '企业', dataIndex: 'enterpriseName', width: 220, ellipsis: true, render: (v: string | null) => v ?? '—' },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{r.stateLabel}</Tag>,
    },
    { title: '处理人', dataIndex: 'assigneeName', width: 90, render: (v: string | null) => v ?? '—' },
    { title: '提交时间', dataIndex: 'createdAt', width: 170, render: time },
    {
      title: '操作',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r.id)} data-testid={`open-task-${r.id}`}>
          {r.state === 'PENDING' ? '审核' : '查看'}
        </Button>
      ),
    },
  ]);

  return (
    <>
      <Form
        form={form}
        layout="inline"
        initialValues={filters}
        onFinish={(v) => {
          setFilters({ ...v, enterpriseName: v.enterpriseName?.trim() || undefined });
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="type" label="类型">
          <Select
            allowClear
            placeholder="全部类型"
            style={{ width: 160 }}
            options={(types.data ?? []).map((x) => ({ value: x.type, label: x.label }))}
            data-testid="type-filter"
          />
        </Form.Item>
        <Form.Item name="state" label="状态">
          <Select allowClear placeholder="全部" style={{ width: 110 }} options={STATE_OPTIONS} data-testid="state-filter" />
        </Form.Item>
        <Form.Item name="enterpriseName" label="企业">
          <Input allowClear placeholder="企业名称关键字" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="mine" valuePropName="checked">
          <Checkbox>只看我领取的</Checkbox>
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => tasks.refetch()} aria-label="刷新" />
        </Space>
      </Form>
      <Table<TaskItem>
        rowKey="id"
        columns={columns}
        dataSource={tasks.data?.items}
        loading={tasks.isFetching}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty description="没有符合条件的任务" /> }}
        onRow={(r) => ({ onDoubleClick: () => setOpen(r.id) })}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: tasks.data?.totalCount ?? 0,
          showSizeChanger: true,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (page, size) => setPaging({ page, size }),
        }}
        data-testid="task-table"
      />
      <TaskDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
