import type { Config } from '../../config.ts';
import type { Mail } from '../mail/index.ts';

/**
 * Where mailed links point: the first configured public origin. Never the request's Host header,
 * which the caller controls (a reset link must not be mailed to an attacker's site).
 */
export function linkOrigin(config: Config): string {
  return config.publicOrigins[0];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function mail(to: string, subject: string, lines: string[], link: { href: string; label: string }): Mail {
  const text = [
    ...lines.slice(0, 1),
    '',
    ...lines.slice(1, 2),
    link.href,
    '',
    ...lines.slice(2),
    '',
    '鑫链商业保理有限公司 · 供应链金融服务平台',
  ].join('\n');
  const html = `<div style="font-family:sans-serif;line-height:1.7">
<p>${escapeHtml(lines[0])}</p>
<p>${escapeHtml(lines[1])}</p>
<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:8px 20px;background:#1a5fb4;color:#fff;border-radius:4px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="color:#666">若按钮无法点击，请复制以下链接到浏览器打开：<br>${escapeHtml(link.href)}</p>
${lines
  .slice(2)
  .map((l) => `<p style="color:#666">${escapeHtml(l)}</p>`)
  .join('\n')}
<p style="color:#999">鑫链商业保理有限公司 · 供应链金融服务平台</p></div>`;
  return { to, subject, text, html };
}

export function activationMail(to: string, loginName: string, origin: string, token: string): Mail {
  return mail(
    to,
    '【鑫链保理】请激活您的账户',
    [
      `尊敬的用户 ${loginName}，您好：`,
      '感谢注册鑫链保理供应链金融服务平台。请在 24 小时内点击以下链接激活账户：',
      '链接只能使用一次。如果这不是您本人的操作，请忽略本邮件。',
    ],
    { href: `${origin}/trade/activate?token=${token}`, label: '激活账户' },
  );
}

export function resetMail(to: string, loginName: string, origin: string, token: string): Mail {
  return mail(
    to,
    '【鑫链保理】重置登录密码',
    [
      `尊敬的用户 ${loginName}，您好：`,
      '我们收到了重置登录密码的申请。请在 30 分钟内点击以下链接设置新密码：',
      '链接只能使用一次；重置后，所有已登录的设备都将退出。如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。',
    ],
    { href: `${origin}/trade/resetpwd?token=${token}`, label: '重置密码' },
  );
}
