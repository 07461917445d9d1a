import { Card, Collapse, Empty, Input, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSiteConfig } from '../../lib/site-config.ts';
import { useFaq } from './api.ts';

/** Marks the keyword's words in a text (plain text: the content is never rendered as HTML); dark text on the yellow mark in either theme. */
function Highlight({ text, words }: { text: string; words: string[] }) {
  if (!words.length) return <>{text}</>;
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = text.split(new RegExp(`(${escaped.join('|')})`, 'gi'));
  return (
    <>
      {parts.map((p, i) =>
        i % 2 ? (
          <mark key={i} style={{ padding: 0, background: '#ffe58f', color: 'rgba(0, 0, 0, 0.88)' }}>
            {p}
          </mark>
        ) : (
          p
        ),
      )}
    </>
  );
}

/** `/trade/faq`: questions and answers from the server, grouped and searchable (`?keyword=`). */
export default function FaqPage() {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const [typed, setTyped] = useState(keyword);
  const faq = useFaq(keyword);
  const config = useSiteConfig();
  const words = keyword.trim().split(/\s+/).filter(Boolean);

  useEffect(() => setTyped(keyword), [keyword]);
  const search = (value: string) => setParams(value.trim() ? { keyword: value.trim() } : {}, { replace: true });

  return (
    <div style={{ maxWidth: 880, margin: '0 auto' }} data-testid="faq">
      <Typography.Title level={2} style={{ textAlign: 'center', marginTop: 8 }}>
        常见问题
      </Typography.Title>
      <Input.Search
        placeholder="输入关键字搜索，如：激活、锁定、利率"
        allowClear
        enterButton="搜索"
        size="large"
        maxLength={50}
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          if (!e.target.value) search('');
        }}
        onSearch={search}
        style={{ marginBottom: 16 }}
        aria-label="搜索常见问题"
      />
      {faq.isPending ? (
        <Skeleton active />
      ) : faq.isError ? (
        <Empty description="常见问题暂时无法加载，请稍后重试" />
      ) : !faq.data.length ? (
        <Empty description={keyword ? `没有找到与“${keyword}”相关的问题` : '暂无常见问题'} />
      ) : (
        faq.data.map((g) => (
          <Card key={g.group} title={g.group} size="small" style={{ marginBottom: 16 }} data-testid="faq-group">
            <Collapse
              ghost
              defaultActiveKey={words.length ? g.items.map((i) => i.id) : undefined}
              items={g.items.map((i) => ({
                key: i.id,
                label: <Highlight text={i.question} words={words} />,
                children: (
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                    <Highlight text={i.answer} words={words} />
                  </Typography.Paragraph>
                ),
              }))}
            />
          </Card>
        ))
      )}
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        没有找到答案？请致电客服热线 {config.data?.contactPhone ?? '…'}，或查看<Link to="/trade/aboutus">联系方式</Link>。
      </Typography.Paragraph>
    </div>
  );
}
