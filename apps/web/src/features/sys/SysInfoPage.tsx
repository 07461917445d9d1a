import { formatYuan } from '@factoring/domain';
import { Card, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useLoginUser } from '../../lib/session.ts';
import { useSiteConfig, type BankAccount } from '../../lib/site-config.ts';

function Account({ account }: { account: BankAccount }) {
  return (
    <Descriptions column={1} size="small">
      <Descriptions.Item label="户名">{account.accountName}</Descriptions.Item>
      <Descriptions.Item label="开户行">{account.bankBranchName}</Descriptions.Item>
      <Descriptions.Item label="账号">
        <Typography.Text copyable>{account.accountNo}</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** `/sys`: the site configuration that concerns the user — where to repay, the virtual-account bank, fees, contact. */
export default function SysInfoPage() {
  const user = useLoginUser();
  const config = useSiteConfig();
  if (config.isPending) return <Skeleton active />;
  const cfg = config.data;
  if (!cfg) return <Typography.Text type="danger">平台信息暂时无法加载，请稍后刷新。</Typography.Text>;
  return (
    <div data-testid="sys-info" style={{ display: 'grid', gap: 16 }}>
      {user && (
        <Card title="我的账户" size="small">
          <Descriptions column={{ xs: 1, sm: 2 }} size="small">
            <Descriptions.Item label="登录名">{user.loginName}</Descriptions.Item>
            <Descriptions.Item label="所属企业">{user.enterpriseName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="实名认证">
              {user.certified ? <Tag color="success">已认证</Tag> : <Tag color="warning">未认证</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="账户设置">
              <Link to="/sys/setting">修改密码、主题与登录设备</Link>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      <Card
        title="保理还款默认收款账户"
        size="small"
        extra={<Typography.Text type="secondary">还款请汇至以下账户，并在附言中注明融资编号</Typography.Text>}
      >
        <div data-testid="factoring-account">
          <Account account={cfg.factoringAccount} />
        </div>
      </Card>
      <Card title="备用收款账户" size="small">
        <Account account={cfg.secondAccount} />
      </Card>
      <Card title="资金账户与费用" size="small">
        <Descriptions column={{ xs: 1, sm: 3 }} size="small">
          <Descriptions.Item label="虚拟账户开户银行">{cfg.virtualAccountBankName}</Descriptions.Item>
          <Descriptions.Item label="提现手续费">
            <span data-testid="fee-withdraw">¥{formatYuan(cfg.fees.withdraw)}</span> / 笔
          </Descriptions.Item>
          <Descriptions.Item label="平台内转账手续费">
            <span data-testid="fee-transfer">¥{formatYuan(cfg.fees.inTransfer)}</span> / 笔
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        title="联系我们"
        size="small"
        extra={
          <Link to="/version" style={{ textDecoration: 'underline' }} data-testid="sys-version-link">
            版本信息
          </Link>
        }
      >
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label="客服热线">{cfg.contactPhone}</Descriptions.Item>
          <Descriptions.Item label="地址">{cfg.address}</Descriptions.Item>
        </Descriptions>
        {cfg.embeds.length > 0 && (
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            帮助：
            {cfg.embeds.map((e) => (
              <Link key={e.index} to={`/sys/embed/${e.index}`} style={{ marginRight: 12, textDecoration: 'underline' }}>
                {e.title}
              </Link>
            ))}
          </Typography.Paragraph>
        )}
      </Card>
    </div>
  );
}
