import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** Interim page for routes whose business area is built by a later release (listed in the README). */
export default function NotYetOpen() {
  return (
    <Result
      status="info"
      title="该功能尚未开放"
      subTitle="此业务模块正在接入中，开放后将在此页面提供服务。如需办理，请联系客户经理。"
      extra={
        <Link to="/">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
