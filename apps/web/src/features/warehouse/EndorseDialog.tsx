import { validateUscc } from '@factoring/domain';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { ConfirmPasswordModal } from '../../lib/ConfirmPasswordModal.tsx';
import { isRequestFailure } from '../../lib/request.ts';
import { findEndorsee, useEndorseReceipt, type Endorsee, type Receipt } from './api.ts';
import { qtyText } from './format.ts';

/**
 * Endorsing a receipt transfers title to its goods (issue 21), so it is deliberate: the holder types
 * the receiver's credit code, which is checked by GB 32100 and looked up when the field is left; the
 * receiver's full name and code are shown; the holder then confirms with the login password.
 */
export function EndorseDialog({ receipt, onClose }: { receipt: Receipt | null; onClose(): void }) {
  const [form] = Form.useForm<{ toUscc: string }>();
  const [endorsee, setEndorsee] = useState<Endorsee | null>(null);
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const endorse = useEndorseReceipt();

  const close = () => {
    form.resetFields();
    setEndorsee(null);
    setConfirming(false);
    onClose();
  };

  /** Checks the code when the field is left: the check digit first, then who it names. */
  const lookUp = async () => {
    setEndorsee(null);
    const value = form.getFieldValue('toUscc') as string | undefined;
    if (!value?.trim()) return;
    const checked = validateUscc(value);
    if (!checked.ok) {
      form.setFields([{ name: 'toUscc', errors: [checked.message] }]);
      return;
    }
    setChecking(true);
    try {
      const found = await findEndorsee(checked.normalized);
      form.setFields([{ name: 'toUscc', value: found.uscc, errors: [] }]);
      setEndorsee(found);
    } catch (err) {
      form.setFields([{ name: 'toUscc', errors: [isRequestFailure(err) ? err.message : '查询失败，请稍后重试'] }]);
    } finally {
      setChecking(false);
    }
  };

  const what = receipt ? `${receipt.goodsName} ${qtyText(receipt.quantity, receipt.scale, receipt.unit)}` : '';
  return (
    <>
      <Modal
        open={receipt !== null && !confirming}
        title="背书转让仓单"
        okText="下一步"
        cancelText="取消"
        okButtonProps={{ disabled: !endorsee || checking }}
        onOk={() => setConfirming(true)}
        onCancel={close}
        destroyOnHidden
      >
        {receipt && (
          <Typography.Paragraph>
            {receipt.receiptNo} · {what}
          </Typography.Paragraph>
        )}
        <Form form={form} layout="vertical" autoComplete="off">
          <Form.Item
            name="toUscc"
            label="被背书企业统一社会信用代码"
            rules={[{ required: true, message: '请输入统一社会信用代码' }]}
            extra="被背书企业须已在平台完成实名认证；背书后货物所有权随仓单转移。"
            validateStatus={checking ? 'validating' : undefined}
            hasFeedback={checking}
          >
            <Input maxLength={18} onBlur={lookUp} onPressEnter={lookUp} onChange={() => setEndorsee(null)} data-testid="endorse-uscc" />
          </Form.Item>
        </Form>
        {endorsee && (
          <Alert
            type="info"
            showIcon
            data-testid="endorsee"
            title={`被背书企业：${endorsee.name}`}
            description={`统一社会信用代码：${endorsee.uscc}`}
          />
        )}
      </Modal>
      {receipt && endorsee && (
        <ConfirmPasswordModal
          open={confirming}
          title="确认背书转让"
          okText="确认背书"
          summary={[
            { label: '仓单编号', value: receipt.receiptNo },
            { label: '货物', value: what },
            { label: '被背书企业', value: endorsee.name },
            { label: '统一社会信用代码', value: endorsee.uscc },
            { label: '提示', value: '背书后仓单及其项下货物的所有权转移给被背书企业，本企业不再持有该仓单。' },
          ]}
          onConfirm={(c) => endorse.mutateAsync({ receiptId: receipt.id, toUscc: endorsee.uscc, ...c })}
          onDone={close}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
