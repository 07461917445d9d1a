import { Component, Suspense, use, type ComponentType, type ReactNode } from 'react';
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

type PageModule = { default: ComponentType };
/** A page's import as React's `use` reads it: once settled, `status` says so and `use` does not suspend. */
type TrackedLoad = Promise<PageModule> & { status?: 'fulfilled' | 'rejected'; value?: PageModule; reason?: unknown };

const loads = new Map<RouteDef['load'], TrackedLoad>();

/**
 * Starts (once) loading a page's chunk. A page whose chunk has arrived renders at once, without a
 * spinner in between: the visitor landing pre-rendered by the build (main.tsx) is replaced by the
 * same markup, not by a spinner and then the page again.
 */
export function preloadPage(load: RouteDef['load']): Promise<PageModule> {
  let tracked = loads.get(load);
  if (!tracked) {
    const started: TrackedLoad = withTimeout(load(), CHUNK_TIMEOUT_MS);
    started.then(
      (value) => Object.assign(started, { status: 'fulfilled', value }),
      (reason: unknown) => Object.assign(started, { status: 'rejected', reason }),
    );
    loads.set(load, started);
    tracked = started;
  }
  return tracked;
}

function LoadedPage({ load }: { load: RouteDef['load'] }) {
  const Page = use(preloadPage(load)).default;
  return <Page />;
}

export function LazyPage({ load }: { load: RouteDef['load'] }) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<PageSpinner />}>
        <LoadedPage load={load} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
