import { chinaParts } from '@factoring/domain';
import type { Mail } from '../mail/index.ts';
import { LOCK_MINUTES, MAX_FAILED_LOGINS } from '../account/index.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** China time as zh-CN writes it: '2026/5/18 09:30:05'. */
const when = (d: Date) => {
  const p = chinaParts(d);
  return `${p.year}/${p.month}/${p.day} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
};

/** Told to the owner, not to whoever typed the passwords: the account was locked, until when, what to do. */
export function lockNoticeMail(to: string, loginName: string, lockedUntil: Date): Mail {
  const text = [
    `尊敬的用户 ${loginName}，您好：`,
    '',
    `您的账户登录密码已连续输错 ${MAX_FAILED_LOGINS} 次，为保护账户安全，账户已锁定 ${LOCK_MINUTES} 分钟，将于 ${when(lockedUntil)}（北京时间）自动解锁。`,
    '如果这不是您本人的操作，说明有人在尝试您的密码：请在解锁后立即修改密码，或通过"忘记密码"重置。',
    '',
    '鑫链商业保理有限公司 · 供应链金融服务平台',
  ].join('\n');
  return { to, subject: '【鑫链保理】账户已临时锁定', text };
}
