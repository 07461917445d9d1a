import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePreferences } from '../lib/preferences.ts';
import type { LoginUser } from '../lib/session.ts';
import './public.css';

/** The visitor's frame: brand, public links, login and register. Plain markup for a light first load. */
export function PublicLayout({ user, children }: { user: LoginUser | null; children: ReactNode }) {
  const dark = usePreferences((p) => p.darkTheme);
  const toggleTheme = usePreferences((p) => p.toggleTheme);
  return (
    <>
      <header className="fp-header">
        <Link to="/" className="fp-brand">
          鑫链保理
        </Link>
        <nav className="fp-nav">
          <Link to="/trade/index">产品服务</Link>
          <Link to="/trade/faq">常见问题</Link>
          <Link to="/trade/aboutus">关于我们</Link>
          {/* The same stored choice as the shell's switch, so a visitor can pick it before logging in. */}
          <button
            type="button"
            className="fp-theme-toggle"
            aria-label="暗色主题"
            aria-pressed={dark}
            title={dark ? '切换为亮色主题' : '切换为暗色主题'}
            onClick={toggleTheme}
            data-testid="public-theme-toggle"
          >
            {/* The glyph follows html[data-theme] (public.css), so the pre-rendered first frame shows the stored theme's too. */}
            <span className="fp-theme-glyph" aria-hidden="true" />
          </button>
          {user ? (
            <Link to="/" className="fp-button fp-button-primary">
              进入工作台
            </Link>
          ) : (
            <>
              <Link to="/login" className="fp-button fp-button-primary">
                登录
              </Link>
              <Link to="/trade/register" className="fp-button">
                注册
              </Link>
            </>
          )}
        </nav>
      </header>
      <main className="fp-main">{children}</main>
      <footer className="fp-footer">
        © 2026 鑫链商业保理有限公司 · 供应链金融服务平台 ·{' '}
        {/* Underlined in the muted footer colour: told apart from the text by more than colour. */}
        <Link to="/version" style={{ color: 'inherit', textDecoration: 'underline' }} data-testid="footer-version">
          版本信息
        </Link>
      </footer>
    </>
  );
}
