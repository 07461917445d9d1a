import { DELIVERY_PARTY_STATUS_LABELS, validateUscc } from '@factoring/domain';
import { MOBILE_PATTERN, PERSON_NAME_PATTERN, type PledgeCustomerInput } from '@factoring/domain/contract';
import { pledgeCustomerBody } from '@factoring/domain/contract/schemas';
import { Button, Card, Descriptions, Drawer, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { dateTime } from '../../lib/format.ts';
import { schemaRule } from '../../lib/schema-rule.ts';
import { DeliveryPartyList } from './DeliveryPartyList.tsx';
import { useAddCustomer, useCustomers, useDisableCustomer, type PartyFilter, type PledgeCustomer } from './delivery-api.ts';

const field = (name: keyof typeof pledgeCustomerBody.shape) => schemaRule(pledgeCustomerBody.shape[name]);

/**
 * /pledge/supplyLoanKH: the enterprise's downstream customers (客户) who may take delivery of its
 * redeemed goods — identified by USCC or by a contact person and mobile, with the delivery address.
 */
export default function CustomersPage() {
  const [filter, setFilter] = useState<PartyFilter>({ page: 1, size: 10 });
  const list = useCustomers(filter);
  const disable = useDisableCustomer();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<PledgeCustomer | null>(null);

  return (
    <Card
      title="下游客户"
      data-testid="pledge-customers-page"
      extra={
        <Button type="primary" onClick={() => setAdding(true)} data-testid="add-customer">
          新增客户
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">赎货时可将放货单开给这里的客户，由客户凭放货单号到监管仓库提货。</Typography.Paragraph>
      <DeliveryPartyList<PledgeCustomer>
        filter={filter}
        setFilter={setFilter}
        list={list}
        searchPlaceholder="按客户名称查找"
        emptyText="暂无下游客户"
        scrollX={950}
        disableConfirm={(c) => `停用「${c.name}」？停用后不能再向其放货。`}
        onDisable={(id) => disable.run(id)}
        columns={[
          { title: '客户名称', dataIndex: 'name', width: 160, render: (v: string, c) => <a onClick={() => setShown(c)}>{v}</a> },
          { title: '统一社会信用代码', dataIndex: 'uscc', width: 190, render: (v: string | null) => v ?? '—' },
          { title: '联系人', width: 170, render: (_, c) => [c.contactName, c.contactMobileMasked].filter(Boolean).join(' ') || '—' },
          { title: '收货地址', dataIndex: 'address', width: 250, ellipsis: true },
        ]}
      />
      <AddCustomerDrawer open={adding} onClose={() => setAdding(false)} />
      <Drawer open={shown !== null} onClose={() => setShown(null)} title="客户详情" size="default">
        {shown && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="客户名称">{shown.name}</Descriptions.Item>
            <Descriptions.Item label="统一社会信用代码">{shown.uscc ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="联系人">{shown.contactName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="联系电话">{shown.contactMobileMasked ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="收货地址">{shown.address}</Descriptions.Item>
            <Descriptions.Item label="状态">{DELIVERY_PARTY_STATUS_LABELS[shown.status]}</Descriptions.Item>
            <Descriptions.Item label="添加时间">{dateTime(shown.createdAt)}</Descriptions.Item>
            {shown.disabledAt && <Descriptions.Item label="停用时间">{dateTime(shown.disabledAt)}</Descriptions.Item>}
          </Descriptions>
        )}
      </Drawer>
    </Card>
  );
}

// The contract checks these together (USCC or contact); each field's own rule gives its message on blur.
const usccRule = {
  validator: async (_: unknown, v?: string) => {
    if (!v?.trim()) return;
    const checked = validateUscc(v);
    if (!checked.ok) throw new Error(checked.message);
  },
};
const optionalPattern = (pattern: RegExp, message: string) => ({
  validator: async (_: unknown, v?: string) => {
    if (v?.trim() && !pattern.test(v.trim())) throw new Error(message);
  },
});

function AddCustomerDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const [form] = Form.useForm<PledgeCustomerInput>();
  const add = useAddCustomer();
  const close = () => {
    form.resetFields();
    onClose();
  };
  // Either the USCC, or a contact person with a mobile: the whole-form rule of the contract.
  const eitherRule = {
    validator: async () => {
      const v = form.getFieldsValue();
      if (!v.uscc?.trim() && !(v.contactName?.trim() && v.contactMobile?.trim()))
        throw new Error('请填写统一社会信用代码，或联系人及联系电话');
    },
  };
  return (
    <Drawer
      open={open}
      onClose={close}
      title="新增下游客户"
      size="default"
      extra={
        <Button type="primary" loading={add.isPending} onClick={() => form.submit()} data-testid="save-customer">
          保存
        </Button>
      }
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={async (v) => {
          const body = {
            name: v.name,
            address: v.address,
            uscc: v.uscc?.trim() || undefined,
            contactName: v.contactName?.trim() || undefined,
            contactMobile: v.contactMobile?.trim() || undefined,
          };
          if (await add.run(body, { form })) close();
        }}
      >
        <Form.Item name="name" label="客户名称" rules={[field('name')]} validateTrigger="onBlur">
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="uscc"
          label="统一社会信用代码"
          rules={[eitherRule, usccRule]}
          validateTrigger="onBlur"
          extra="或填写下方联系人及联系电话"
        >
          <Input maxLength={18} style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item
          name="contactName"
          label="联系人"
          rules={[optionalPattern(PERSON_NAME_PATTERN, '联系人只能包含中文、字母或间隔号，至少2个字')]}
          validateTrigger="onBlur"
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="contactMobile"
          label="联系电话"
          rules={[optionalPattern(MOBILE_PATTERN, '请输入正确的11位手机号码')]}
          validateTrigger="onBlur"
        >
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="address" label="收货地址" rules={[field('address')]} validateTrigger="onBlur">
          <Input.TextArea rows={2} maxLength={120} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
