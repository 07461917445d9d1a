import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isRequestFailure } from '../../lib/request.ts';
import { writeLocal } from '../../lib/storage.ts';
import type { Envelope } from '../../lib/request.ts';
import { activateAccount } from './api.ts';
import { TradeCard } from './TradeCard.tsx';

/** A refused activation says why the link is unusable in `reason` (INVALID, EXPIRED, USED). */
type Answer = Envelope<{ loginName: string; activated: boolean }>;
/** One call per token, however often the page mounts (StrictMode, back and forth): a token works once. */
const calls = new Map<string, Promise<Answer>>();
const activateOnce = (token: string) => {
  let p = calls.get(token);
  if (!p) calls.set(token, (p = activateAccount(token)));
  return p;
};

/** `/trade/activate?token=…`: opens the account from the mailed link and offers to log in. */
export default function ActivatePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<{ loginName: string; activated: boolean } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!token) {
      navigate('/trade/opttimeout?type=activate&reason=INVALID', { replace: true });
      return;
    }
    let live = true;
    activateOnce(token).then(
      (res) => {
        if (!live) return;
        if (res.status !== 'ERROR') {
          writeLocal('loginName', res.message.loginName);
          setResult(res.message);
        } else if (res.reason) navigate(`/trade/opttimeout?type=activate&reason=${res.reason}`, { replace: true });
        else setFailure(String(res.message));
      },
      (err) => {
        calls.delete(token);
        if (live) setFailure(isRequestFailure(err) ? err.message : '激活失败，请稍后重试');
      },
    );
    return () => {
      live = false;
    };
  }, [token, navigate]);

  return (
    <TradeCard testId="activate">
      {result ? (
        <Result
          status="success"
          title={result.activated ? '账户已激活' : '账户此前已激活'}
          subTitle={`登录名：${result.loginName}。登录后请先完成企业实名认证，即可申请融资。`}
          extra={
            <Link to="/login">
              <Button type="primary" size="large">
                立即登录
              </Button>
            </Link>
          }
        />
      ) : failure ? (
        <Result
          status="error"
          title="激活未完成"
          subTitle={failure}
          extra={<Button onClick={() => window.location.reload()}>重试</Button>}
        />
      ) : (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin size="large" />
          <p>正在激活账户…</p>
        </div>
      )}
    </TradeCard>
  );
}
