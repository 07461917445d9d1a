import { Link } from 'react-router';
import { useSiteConfig } from '../../lib/site-config.ts';

const PRODUCTS = [
  { title: '供应链贷款', text: '以对核心企业的应收账款或订单申请融资，最高可按应收账款金额的 80% 放款，随借随还。' },
  { title: '货押融资', text: '将货物存入平台合作的监管仓库，以库存货物质押融资，还款后按比例赎货。' },
  { title: '银行云贷', text: '合作银行线上信用贷款，3–36 个月期限，支持等额本息、等额本金等多种还款方式。' },
];

const STEPS = ['注册账户并激活', '完成企业实名认证', '加入融资平台获得授信', '在线申请、签约、放款'];

/** `/` for visitors: what the portal offers, how it works, how to reach us (PRODUCT §3). Plain markup: first-load budget. */
export default function LandingPage() {
  const config = useSiteConfig();
  return (
    <div style={{ maxWidth: 1080, margin: '0 auto' }} data-testid="landing">
      <section className="fp-hero">
        <h1>供应链金融服务平台</h1>
        <p>依托核心企业信用，为上下游企业提供应收账款融资、订单融资与货押融资，资金受控、全程线上。</p>
        <div className="fp-actions">
          <Link to="/login" className="fp-button fp-button-primary fp-button-large">
            立即登录
          </Link>
          <Link to="/trade/register" className="fp-button fp-button-large">
            免费注册
          </Link>
        </div>
      </section>
      <section className="fp-grid">
        {PRODUCTS.map((p) => (
          <article className="fp-card" key={p.title}>
            <h3>{p.title}</h3>
            <div>{p.text}</div>
          </article>
        ))}
      </section>
      <section className="fp-card" style={{ marginTop: 16 }}>
        <h3>办理流程</h3>
        <ol className="fp-steps" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {STEPS.map((s) => (
            <li className="fp-step" key={s}>
              {s}
            </li>
          ))}
        </ol>
      </section>
      <section className="fp-card" style={{ marginTop: 16 }}>
        客服热线：<b data-testid="contact-phone">{config.data?.contactPhone ?? '…'}</b>
        {config.data?.address ? ` · 地址：${config.data.address}` : ''}
      </section>
    </div>
  );
}
