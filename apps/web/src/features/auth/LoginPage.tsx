import { useNavigate, useSearchParams } from 'react-router';
import { afterLoginPath } from '../../lib/after-login-path.ts';
import { postNotice } from '../../lib/notice.ts';
import { LoginForm } from './LoginForm.tsx';

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '48px 16px' }}>
      <div className="fp-card" style={{ width: 400, maxWidth: '100%' }}>
        <h2 style={{ textAlign: 'center', marginTop: 0 }}>登录鑫链保理</h2>
        <LoginForm
          fromMask={false}
          onSuccess={({ alreadyOnline }) => {
            if (alreadyOnline) postNotice('该账户已在其他地方登录，原登录已退出');
            navigate(afterLoginPath(params.get('from')), { replace: true });
          }}
        />
      </div>
    </div>
  );
}
