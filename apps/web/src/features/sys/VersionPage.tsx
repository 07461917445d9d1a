import { Card, Descriptions, Skeleton } from 'antd';
import { useServerVersion } from './api.ts';

/** `/version`: the web build beside the server's `/system/version`. */
export default function VersionPage() {
  const server = useServerVersion();
  return (
    <Card title="版本信息" style={{ maxWidth: 720, margin: '0 auto' }}>
      <Descriptions column={1} bordered size="small" title="前端">
        <Descriptions.Item label="版本">{__APP_VERSION__}</Descriptions.Item>
        <Descriptions.Item label="提交">{__APP_COMMIT__}</Descriptions.Item>
        <Descriptions.Item label="构建时间">{__APP_BUILD_TIME__}</Descriptions.Item>
      </Descriptions>
      <div style={{ height: 16 }} />
      {server.isPending ? (
        <Skeleton active />
      ) : (
        <Descriptions column={1} bordered size="small" title="服务端" data-testid="server-version">
          <Descriptions.Item label="版本">{server.data?.version ?? '不可用'}</Descriptions.Item>
          <Descriptions.Item label="提交">{server.data?.commit ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="启动时间">{server.data?.buildTime ?? '-'}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
