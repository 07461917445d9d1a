import { Alert, Button, Card, Empty, Form, Result, Select, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useChangePayee, usePayee, usePayees, type Payee, type PayeeInput } from './api.ts';
import { PayeeForm } from './PayeeForm.tsx';

/** `/user/openUpdateDirPayment` (PRODUCT §5): change a directed-payment payee; the change is reviewed too. */
export default function OpenUpdateDirPaymentPage() {
  const [params, setParams] = useSearchParams();
  const payees = usePayees({}, { page: 1, size: 200 });
  const changeable = useMemo(
    () => (payees.data?.items ?? []).filter((p) => (p.status === 'ACTIVE' && !p.pendingChange) || p.status === 'REJECTED'),
    [payees.data],
  );
  const selectedId = Number(params.get('id')) || undefined;
  const selected = changeable.find((p) => p.id === selectedId);
  // The whitelist masks account numbers: the form starts from the payee's full detail.
  const full = usePayee(selected?.id);
  const submit = useChangePayee();
  const [done, setDone] = useState<Payee | null>(null);
  const detail = full.data?.id === selected?.id ? full.data : undefined;
  const initial = useMemo<PayeeInput | undefined>(
    () => (detail ? { name: detail.name, bankName: detail.bankName, accountNo: detail.accountNo, relation: detail.relation } : undefined),
    [detail],
  );

  const send = async (values: PayeeInput) => {
    if (!selected) return;
    const payee = await submit.run({ id: selected.id, ...values });
    if (payee) setDone(payee);
  };

  if (done) {
    return (
      <Card>
        <Result
          status="success"
          title="变更已提交，等待平台审核"
          subTitle={done.status === 'ACTIVE' ? '审核通过前，该收款方仍按原信息生效。' : '审核通过后该收款方加入白名单。'}
          extra={
            <Link to="/user/seeWhiteList">
              <Button type="primary">查看白名单</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  return (
    <Card title="变更定向支付收款方" loading={payees.isLoading}>
      {!changeable.length ? (
        <Empty description="没有可变更的收款方（审核中的收款方需等待审核结果）">
          <Link to="/user/openLastDirPayment">
            <Button type="primary">新增收款方</Button>
          </Link>
        </Empty>
      ) : (
        <>
          <Form layout="vertical" style={{ maxWidth: 480 }}>
            <Form.Item label="选择收款方">
              <Select
                aria-label="选择收款方"
                value={selected?.id}
                placeholder="请选择要变更的收款方"
                options={changeable.map((p) => ({
                  value: p.id,
                  label: `${p.name}（${p.accountNo}）${p.status === 'REJECTED' ? ' · 已驳回' : ''}`,
                }))}
                onChange={(id: number) => setParams({ id: String(id) })}
              />
            </Form.Item>
          </Form>
          {selected?.status === 'REJECTED' && selected.reviewNote && (
            <Alert type="warning" showIcon style={{ marginBottom: 16, maxWidth: 480 }} title={`驳回原因：${selected.reviewNote}`} />
          )}
          {selected &&
            (initial ? (
              <PayeeForm key={selected.id} initial={initial} submitText="提交变更" busy={submit.isPending} onSubmit={send} />
            ) : (
              <Skeleton active paragraph={{ rows: 4 }} />
            ))}
        </>
      )}
    </Card>
  );
}
