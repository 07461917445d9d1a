import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ERROR_CODES, hasCode } from './error-codes.ts';
import { isRequestFailure } from './request.ts';

// antd's Result carries the 403/404/500 illustrations (~9 KB on the wire): fetched only when a page fails.
const Result = lazy(() => import('antd/es/result'));

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
      <Button type="primary">去实名认证</Button>
    </Link>
  ) : retry ? (
    <Button onClick={retry}>重试</Button>
  ) : null;
  return (
    <Suspense fallback={<div role="alert" aria-busy="true" style={{ minHeight: 240 }} />}>
      <Result status="warning" title={title} subTitle={text} extra={extra} />
    </Suspense>
  );
}
