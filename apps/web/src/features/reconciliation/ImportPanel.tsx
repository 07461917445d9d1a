import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Form, Select, Space, Table, Tag, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { dateTime } from '../../lib/format.ts';
import { money } from '../../lib/Money.tsx';
import { pagedTableProps, usePhoneColumns } from '../../lib/table.tsx';
import { useFormats, useImportStatement, useStatements, type ImportResult, type StatementItem } from './api.ts';
import { VoidStatementDialog } from './VoidStatementDialog.tsx';

const MAX_BYTES = 5 * 1024 * 1024;

/** The file's bytes as base64 (what the import call carries). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('文件读取失败，请重新选择'));
    reader.readAsDataURL(file);
  });
}

/** Import a statement of the collection account: choose the bank's format and the file; what was stored and matched is shown. */
export function ImportPanel() {
  const formats = useFormats();
  const importing = useImportStatement();
  const feedback = useFeedback();
  const [key, renewKey] = useSubmissionKey();
  const [formatCode, setFormatCode] = useState('DEMO');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<(ImportResult & { fileName: string }) | null>(null);
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const statements = useStatements(paging.page, paging.size);
  const [voiding, setVoiding] = useState<StatementItem | null>(null);

  const submit = async () => {
    if (!file) {
      feedback.warning('请选择对账单文件');
      return;
    }
    if (file.size > MAX_BYTES) {
      feedback.warning('对账单文件不能超过 5 MB');
      return;
    }
    let content: string;
    try {
      content = await base64Of(file);
    } catch (err) {
      feedback.showFailure(err);
      return;
    }
    const answer = await importing.run({ formatCode, fileName: file.name, content, idempotencyKey: key });
    if (!answer) return;
    renewKey();
    setResult({ ...answer, fileName: file.name });
    setFile(null);
    if (answer.alreadyImported) feedback.warning('该文件已导入过，未新增流水');
    else feedback.success(`已导入 ${answer.added} 笔新流水`);
  };

  const columns = usePhoneColumns<StatementItem>([
    { title: '对账单号', dataIndex: 'statementNo', width: 150 },
    { title: '期间', key: 'period', width: 190, render: (_, s) => `${s.periodStart} 至 ${s.periodEnd}` },
    { title: '期初余额', dataIndex: 'openingBalance', align: 'right', width: 140, render: money },
    { title: '期末余额', dataIndex: 'closingBalance', align: 'right', width: 140, render: money },
    { title: '笔数', key: 'lines', width: 150, render: (_, s) => `${s.lineCount} 笔（新增 ${s.added}，重复 ${s.duplicates}）` },
    { title: '格式', dataIndex: 'formatCode', width: 90 },
    { title: '文件', dataIndex: 'fileName', ellipsis: true },
    { title: '导入', key: 'by', width: 190, render: (_, s) => `${s.importedByName ?? '—'} · ${dateTime(s.importedAt)}` },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, s) =>
        s.voidedAt ? (
          <Tag title={s.voidReason ?? undefined}>已作废</Tag>
        ) : s.voidTaskId ? (
          <Tag color="orange">作废待审批 #{s.voidTaskId}</Tag>
        ) : (
          <Button size="small" danger onClick={() => setVoiding(s)} data-testid={`void-${s.statementNo}`}>
            作废
          </Button>
        ),
    },
  ] satisfies TableColumnsType<StatementItem>);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="导入保理收款账户的对账单（网银导出的 CSV / Excel，或 ISO 20022 camt.053 XML）。每笔流水只保存一次：重复导入或期间重叠不会重复入账。注明虚拟账号的收入登记为入金，须另一位操作员复核后入账。"
        />
        <Form layout="inline" style={{ rowGap: 12 }} onFinish={() => void submit()} data-testid="import-form">
          {/* Within the card on a phone: the item may shrink below its label + 280 px select (issue 37). */}
          <Form.Item label="对账单格式" required style={{ maxWidth: '100%' }}>
            <Select
              style={{ width: 280, maxWidth: '100%' }}
              value={formatCode}
              onChange={setFormatCode}
              loading={formats.isLoading}
              options={(formats.data ?? []).map((f) => ({ value: f.code, label: `${f.name}（${f.code}）` }))}
              aria-label="对账单格式"
              data-testid="import-format"
            />
          </Form.Item>
          <Form.Item label="文件" required>
            <Upload
              accept=".csv,.txt,.xlsx,.xml"
              maxCount={1}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
              beforeUpload={(f) => {
                setFile(f);
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <Button icon={<UploadOutlined />} data-testid="import-file">
                选择文件
              </Button>
            </Upload>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={importing.isPending} data-testid="import-submit">
            导入
          </Button>
        </Form>
      </Card>
      {result && (
        <Card title={`导入结果：${result.fileName}`} data-testid="import-result">
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
            <Descriptions.Item label="对账单号">{result.statementNo}</Descriptions.Item>
            <Descriptions.Item label="期间">
              {result.periodStart} 至 {result.periodEnd}
            </Descriptions.Item>
            <Descriptions.Item label="期初 / 期末">
              {money(result.openingBalance)} / {money(result.closingBalance)}
            </Descriptions.Item>
            <Descriptions.Item label="新增流水">
              <span data-testid="import-added">{result.added}</span> 笔（文件共 {result.lineCount} 笔，已存在 {result.duplicates} 笔）
            </Descriptions.Item>
            <Descriptions.Item label="已匹配">{result.matched} 笔</Descriptions.Item>
            <Descriptions.Item label="待复核">
              <span data-testid="import-pending">{result.pending}</span> 笔
            </Descriptions.Item>
            <Descriptions.Item label="未匹配（异常）">
              <span data-testid="import-unmatched">{result.unmatched}</span> 笔
            </Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      <Card title="已导入的对账单">
        <Table<StatementItem>
          rowKey="id"
          size="small"
          columns={columns}
          scroll={{ x: 1230 }}
          {...pagedTableProps(statements, paging, setPaging, { empty: '尚未导入对账单', unit: '份' })}
          data-testid="statements-table"
        />
      </Card>
      <VoidStatementDialog statement={voiding} onClose={() => setVoiding(null)} />
    </Space>
  );
}
