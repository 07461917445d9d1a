import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { ERROR_CODES, hasCode } from './error-codes.ts';
import { isRequestFailure } from './request.ts';

interface Props {
  title: string;
  error: unknown;
  /** Shown beside the way to certification, e.g. a retry button. */
  retry?(): void;
}

/**
 * A page whose data could not be loaded: the server's message, and for an enterprise that is not
 * certified yet (`NOT_CERTIFIED`) the way to the certification page.
 */
export function LoadFailure({ title, error, retry }: Props) {
  const text = isRequestFailure(error) ? error.message : '加载失败';
  const extra = hasCode(error, ERROR_CODES.NOT_CERTIFIED) ? (
    <Link to="/user/autentication">
      <Button type="primary">去认证</Button>
    </Link>
  ) : retry ? (
    <Button onClick={retry}>重试</Button>
  ) : null;
  return <Result status="warning" title={title} subTitle={text} extra={extra} />;
}
