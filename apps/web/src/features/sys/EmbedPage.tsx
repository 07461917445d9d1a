import { Card, Segmented, Skeleton, theme } from 'antd';
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { usePreferences } from '../../lib/preferences.ts';
import { isRequestFailure } from '../../lib/request.ts';
import { useSiteConfig } from '../../lib/site-config.ts';
import { useEmbed } from './api.ts';

/**
 * `/sys/embed/:index`: a page from the configured list (help centre, bank notices …) in a sandboxed
 * frame: no scripts, no access to the portal's cookies or storage, no navigation of the portal.
 */
export default function EmbedPage() {
  const { index = '' } = useParams();
  const navigate = useNavigate();
  const embed = useEmbed(index);
  const config = useSiteConfig();
  const { token } = theme.useToken();
  const dark = usePreferences((p) => p.darkTheme);
  const notFound = !/^\d{1,4}$/.test(index) || (embed.isError && isRequestFailure(embed.error) && embed.error.status === 404);

  useEffect(() => {
    if (embed.data) document.title = `${embed.data.title} - 鑫链保理`;
  }, [embed.data]);

  if (notFound) return <Navigate to="/exception/404" replace />;
  const others = config.data?.embeds ?? [];
  // Our own pages (a path on this site, e.g. /help/…) follow the portal's theme: opened as `…#dark`
  // they turn dark (public/help: no script runs in the sandbox, so the fragment carries the theme).
  // Another site's page keeps its own light canvas (we cannot restyle it, and an unstyled page would
  // show dark text on black).
  const url = embed.data?.url ?? '';
  const own = url.startsWith('/') && !url.startsWith('//') && !url.includes('#');
  const scheme = own && dark ? 'dark' : 'light';
  const src = scheme === 'dark' ? `${url}#dark` : url;
  return (
    <Card
      title={embed.data?.title ?? '…'}
      extra={
        others.length > 1 && (
          <Segmented
            size="small"
            value={Number(index)}
            options={others.map((e) => ({ label: e.title, value: e.index }))}
            onChange={(v) => navigate(`/sys/embed/${v}`)}
          />
        )
      }
      styles={{ body: { padding: 0 } }}
      data-testid="embed"
    >
      {embed.isPending ? (
        <div style={{ padding: 24 }}>
          <Skeleton active />
        </div>
      ) : embed.isError ? (
        <div style={{ padding: 24 }}>页面暂时无法加载，请稍后重试。</div>
      ) : (
        <iframe
          key={src}
          title={embed.data.title}
          src={src}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="no-referrer"
          style={{
            width: '100%',
            height: 'calc(100vh - 220px)',
            minHeight: 420,
            border: 0,
            display: 'block',
            background: scheme === 'dark' ? token.colorBgContainer : '#fff',
            colorScheme: scheme,
            borderRadius: `0 0 ${token.borderRadiusLG}px ${token.borderRadiusLG}px`,
          }}
          data-scheme={scheme}
          data-testid="embed-frame"
        />
      )}
    </Card>
  );
}
