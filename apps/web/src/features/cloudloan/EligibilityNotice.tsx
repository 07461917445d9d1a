import { Alert, Button, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useEligibility } from './api.ts';

/** The eligibility answer with its reason when it is no (the same rule as the menu and the application). */
export function EligibilityNotice() {
  const eligibility = useEligibility();
  if (eligibility.isLoading) return <Skeleton active paragraph={{ rows: 1 }} />;
  const e = eligibility.data;
  if (!e) return <Alert type="error" showIcon message="无法获取申请资格，请稍后刷新重试" />;
  if (e.allowed) return <Alert type="success" showIcon message="贵司符合银行云贷申请条件" data-testid="eligibility-yes" />;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="eligibility-no"
      message="暂不能申请银行云贷"
      description={e.reason}
      action={
        e.code === 'NOT_CERTIFIED' ? (
          <Link to="/user/autentication">
            <Button size="small">去认证</Button>
          </Link>
        ) : undefined
      }
    />
  );
}
