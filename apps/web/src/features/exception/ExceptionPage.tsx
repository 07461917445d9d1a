import { Button, Result } from 'antd';
import { Link } from 'react-router';

const TEXTS = {
  403: { title: '403', subTitle: '抱歉，您没有访问此页面的权限。' },
  404: { title: '404', subTitle: '抱歉，您访问的页面不存在。' },
  500: { title: '500', subTitle: '抱歉，服务器出错了，请稍后再试。' },
} as const;

export function ExceptionPage({ code }: { code: keyof typeof TEXTS }) {
  return (
    <Result
      status={String(code) as '403' | '404' | '500'}
      title={TEXTS[code].title}
      subTitle={TEXTS[code].subTitle}
      extra={
        <Link to="/">
          <Button type="primary">返回首页</Button>
        </Link>
      }
      data-testid={`exception-${code}`}
    />
  );
}
