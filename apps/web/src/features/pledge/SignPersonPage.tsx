import { DELIVERY_PARTY_STATUS_LABELS } from '@factoring/domain';
import { type SignPersonInput } from '@factoring/domain/contract';
import { signPersonBody } from '@factoring/domain/contract/schemas';
import { Alert, Button, Card, Descriptions, Drawer, Form, Input, Space, Steps, Typography } from 'antd';
import { useState } from 'react';
import { dateTime } from '../../lib/format.ts';
import { schemaRule } from '../../lib/schema-rule.ts';
import { DeliveryPartyList } from './DeliveryPartyList.tsx';
import { useAddSignPerson, useDisableSignPerson, useSignPersons, type PartyFilter, type SignPerson } from './delivery-api.ts';

const field = (name: keyof typeof signPersonBody.shape) => schemaRule(signPersonBody.shape[name]);

/**
 * /pledge/signPersonGuide: the persons the enterprise authorises to sign for released goods (name,
 * ID card by SPEC §5, mobile), and the guide to picking up redeemed goods. ID cards and mobiles are
 * shown masked; a redemption's release order names one of the active signers.
 */
export default function SignPersonPage() {
  const [filter, setFilter] = useState<PartyFilter>({ page: 1, size: 10 });
  const list = useSignPersons(filter);
  const disable = useDisableSignPerson();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<SignPerson | null>(null);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="sign-person-page">
      <Card title="提货指引" size="small">
        <Steps
          size="small"
          responsive
          current={-1}
          items={[
            { title: '指定签收人', description: '登记姓名、身份证号码与手机号' },
            { title: '还款赎货', description: '赎货时选择签收人或下游客户，生成放货单' },
            { title: '仓库核验', description: '签收人持本人身份证与放货单号到监管仓库' },
            { title: '出库签收', description: '仓库按放货单出库，签收人当场签收' },
          ]}
        />
      </Card>
      <Card
        title="指定签收人"
        extra={
          <Button type="primary" onClick={() => setAdding(true)} data-testid="add-sign-person">
            新增签收人
          </Button>
        }
      >
        <DeliveryPartyList<SignPerson>
          filter={filter}
          setFilter={setFilter}
          list={list}
          searchPlaceholder="按姓名查找"
          emptyText="尚未指定签收人：赎货前请先新增签收人"
          scrollX={780}
          disableConfirm={(p) => `停用 ${p.name}？停用后不能再选择其提货。`}
          onDisable={(id) => disable.run(id)}
          columns={[
            { title: '姓名', dataIndex: 'name', width: 110, render: (v: string, p) => <a onClick={() => setShown(p)}>{v}</a> },
            { title: '身份证号码', dataIndex: 'idCardMasked', width: 190 },
            { title: '手机号码', dataIndex: 'mobileMasked', width: 130 },
            { title: '添加时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dateTime(v) },
          ]}
        />
      </Card>
      <AddSignPersonDrawer open={adding} onClose={() => setAdding(false)} />
      <Drawer open={shown !== null} onClose={() => setShown(null)} title="签收人" size="default">
        {shown && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="姓名">{shown.name}</Descriptions.Item>
            <Descriptions.Item label="身份证号码">{shown.idCardMasked}</Descriptions.Item>
            <Descriptions.Item label="出生日期">{shown.birthDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="性别">{shown.gender === 'M' ? '男' : shown.gender === 'F' ? '女' : '—'}</Descriptions.Item>
            <Descriptions.Item label="手机号码">{shown.mobileMasked}</Descriptions.Item>
            <Descriptions.Item label="状态">{DELIVERY_PARTY_STATUS_LABELS[shown.status]}</Descriptions.Item>
            <Descriptions.Item label="添加时间">{dateTime(shown.createdAt)}</Descriptions.Item>
            {shown.disabledAt && <Descriptions.Item label="停用时间">{dateTime(shown.disabledAt)}</Descriptions.Item>}
          </Descriptions>
        )}
      </Drawer>
    </Space>
  );
}

function AddSignPersonDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const [form] = Form.useForm<SignPersonInput>();
  const add = useAddSignPerson();
  const close = () => {
    form.resetFields();
    onClose();
  };
  return (
    <Drawer
      open={open}
      onClose={close}
      title="新增签收人"
      size="default"
      extra={
        <Button type="primary" loading={add.isPending} onClick={() => form.submit()} data-testid="save-sign-person">
          保存
        </Button>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="签收人凭本人身份证到监管仓库提货，请确保姓名、身份证号码与证件一致。身份证号码保存后仅显示部分位数。"
      />
      <Form
        form={form}
        layout="vertical"
        onFinish={async (v) => {
          if (await add.run(v, { form })) close();
        }}
      >
        <Form.Item name="name" label="签收人姓名" rules={[field('name')]} validateTrigger="onBlur">
          <Input maxLength={30} autoComplete="off" />
        </Form.Item>
        <Form.Item name="idCard" label="身份证号码" rules={[field('idCard')]} validateTrigger="onBlur">
          <Input maxLength={18} autoComplete="off" placeholder="18位或15位身份证号码" />
        </Form.Item>
        <Form.Item name="mobile" label="手机号码" rules={[field('mobile')]} validateTrigger="onBlur">
          <Input maxLength={11} inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Typography.Text type="secondary">停用的签收人不能再被放货单选择，已生成的放货单不受影响。</Typography.Text>
      </Form>
    </Drawer>
  );
}
