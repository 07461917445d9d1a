import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { readLocal } from '../../lib/storage.ts';
import { ERROR_CODES } from '../../lib/error-codes.ts';
import { useLogin } from './use-login.ts';

interface Props {
  fromMask: boolean;
  onSuccess(result: { alreadyOnline: boolean }): void;
}

type Field = 'username' | 'password';
const REQUIRED: Record<Field, string> = { username: '请输入用户名', password: '请输入密码' };

/**
 * The one login form, used by the login page and the login mask alike. Plain inputs rather than
 * antd Form: the login page must load within the first-load budget.
 */
export function LoginForm({ fromMask, onSuccess }: Props) {
  const login = useLogin();
  const [username, setUsername] = useState(() => readLocal('loginName', ''));
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  // The login page is outside antd (first-load budget): a refused login is shown in the form itself.
  const [error, setError] = useState<{ message: string; code?: string } | null>(null);
  const [loading, setLoading] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = username.trim();
    const missing: Partial<Record<Field, string>> = {};
    if (!name) missing.username = REQUIRED.username;
    if (!password) missing.password = REQUIRED.password;
    setFieldErrors(missing);
    if (Object.keys(missing).length) return;
    setLoading(true);
    setError(null);
    try {
      const result = await login(name, password, fromMask);
      if (result.ok) onSuccess(result);
      else setError(result);
    } catch (err) {
      setError({ message: (err as { message?: string }).message ?? '登录失败，请稍后重试' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <form className="fp-form" onSubmit={submit} noValidate data-testid="login-form">
      {error && (
        <div className="fp-alert" role="alert" data-testid="login-error">
          {error.message}
          {error.code === ERROR_CODES.INACTIVE && (
            <>
              {' '}
              <Link to="/trade/opttimeout?type=activate&reason=PENDING">重新发送激活邮件</Link>
            </>
          )}
        </div>
      )}
      <label>
        <span className="fp-label">用户名</span>
        <input
          className="fp-input"
          name="username"
          autoComplete="username"
          placeholder="登录名"
          maxLength={64}
          value={username}
          aria-invalid={!!fieldErrors.username}
          onChange={(e) => setUsername(e.target.value)}
          onBlur={() => setUsername((v) => v.trim())}
        />
        {fieldErrors.username && <span className="fp-field-error">{fieldErrors.username}</span>}
      </label>
      <label>
        <span className="fp-label">密码</span>
        <input
          className="fp-input"
          type="password"
          name="password"
          autoComplete="current-password"
          placeholder="密码"
          maxLength={64}
          value={password}
          aria-invalid={!!fieldErrors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {fieldErrors.password && <span className="fp-field-error">{fieldErrors.password}</span>}
      </label>
      <button type="submit" className="fp-button fp-button-primary fp-button-block fp-button-large" disabled={loading}>
        {loading ? '登录中…' : '登 录'}
      </button>
      {!fromMask && (
        <div className="fp-form-links">
          <Link to="/trade/register">注册新账户</Link>
          <Link to="/trade/forgetpwd">忘记密码？</Link>
        </div>
      )}
    </form>
  );
}
