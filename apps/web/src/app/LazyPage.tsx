import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { RouteDef } from './route-table.ts';

/** SPEC §8: a page chunk that has not arrived after 120 s is a load error. */
const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('页面加载超时')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
        <h3>页面加载失败</h3>
        <p>网络不稳定或版本已更新，请刷新后重试。</p>
        <button type="button" className="fp-button fp-button-primary" onClick={() => window.location.reload()}>
          重新加载
        </button>
      </div>
    );
  }
}

/** Plain CSS spinner: it shows before antd has loaded. */
export const PageSpinner = () => (
  <div className="fp-spinner-wrap" role="status" aria-busy="true" aria-label="加载中">
    <div className="fp-spinner" />
  </div>
);

const cache = new Map<RouteDef['load'], ComponentType>();
function lazyPage(load: RouteDef['load']): ComponentType {
  let page = cache.get(load);
  if (!page) {
    page = lazy(() => withTimeout(load(), CHUNK_TIMEOUT_MS));
    cache.set(load, page);
  }
  return page;
}

export function LazyPage({ load }: { load: RouteDef['load'] }) {
  const Page = lazyPage(load);
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
