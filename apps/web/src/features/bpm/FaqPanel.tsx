import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Form, Input, InputNumber, Modal, Popconfirm, Space, Switch, Table, Tag, type ButtonProps } from 'antd';
import { faqInput } from '@factoring/domain/contract/schemas';
import { useState } from 'react';
import { dateTime } from '../../lib/format.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import { schemaRule } from '../../lib/schema-rule.ts';
import { useDeleteFaq, useFaqs, useSaveFaq, type Faq, type FaqInput } from './api.ts';
import { promptButtons } from '../../lib/prompt-words.ts';

const rule = (field: keyof typeof faqInput.shape) => schemaRule(faqInput.shape[field]);

/** 常见问题: operators add, edit, publish or withdraw and delete the FAQ the public /faq page shows. */
export default function FaqPanel() {
  const faqs = useFaqs();
  const save = useSaveFaq();
  const remove = useDeleteFaq();
  const [editing, setEditing] = useState<Partial<Faq> | null>(null);
  const [form] = Form.useForm<FaqInput>();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const done = await save.run({ ...values, id: editing?.id }, { form });
    if (done) setEditing(null);
  };

  // At most one fixed column on a phone (lib/table.tsx): here the actions.
  const columns = usePhoneColumns<Faq>([
    { title: '分组', dataIndex: 'groupName', width: 110 },
    { title: '问题', dataIndex: 'question', ellipsis: { showTitle: true } },
    { title: '排序', dataIndex: 'sortOrder', width: 70 },
    {
      title: '状态',
      width: 140,
      render: (_, r) => (
        <Space size={4}>
          {r.published ? <Tag color="success">已发布</Tag> : <Tag>未发布</Tag>}
          {r.highlight && <Tag color="orange">热门</Tag>}
        </Space>
      ),
    },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: dateTime },
    {
      title: '操作',
      width: 120,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)} data-testid={`faq-edit-${r.id}`}>
            编辑
          </Button>
          <Popconfirm title="删除这条问题？" {...promptButtons('删除', { danger: true })} onConfirm={() => remove.run(r.id)}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]);

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="faq-add">
          新增问题
        </Button>
      </Space>
      <Table<Faq>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={faqs.data}
        loading={faqs.isFetching}
        scroll={{ x: 760 }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description="还没有常见问题" /> }}
        data-testid="faq-table"
      />
      <Modal
        open={editing !== null}
        title={editing?.id ? '编辑问题' : '新增问题'}
        okText="保存"
        confirmLoading={save.isPending}
        onOk={submit}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'faq-save' } as ButtonProps}
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ sortOrder: 0, published: true, highlight: false, ...editing }}
          data-testid="faq-form"
        >
          <Form.Item name="groupName" label="分组" rules={[rule('groupName')]} validateTrigger="onBlur">
            <Input placeholder="如：账户与登录" count={{ show: true, max: 20 }} />
          </Form.Item>
          <Form.Item name="question" label="问题" rules={[rule('question')]} validateTrigger="onBlur">
            <Input count={{ show: true, max: 200 }} />
          </Form.Item>
          <Form.Item name="answer" label="答案（纯文本）" rules={[rule('answer')]} validateTrigger="onBlur">
            <Input.TextArea rows={5} count={{ show: true, max: 2000 }} />
          </Form.Item>
          <Space size={24} wrap>
            <Form.Item name="sortOrder" label="排序（小的在前）">
              <InputNumber min={0} max={100000} precision={0} />
            </Form.Item>
            <Form.Item name="published" label="发布" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="highlight" label="热门" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </>
  );
}
