import { theme } from 'antd';
import { ConfigContext } from 'antd/es/config-provider';
import type { PaginationProps } from 'antd/es/pagination';
import { lazy, Suspense, useContext, useEffect, useRef, useState } from 'react';

let loaded = false;
const load = () =>
  import('antd/es/pagination').then((m) => {
    loaded = true;
    return m;
  });
const Pagination = lazy(load);

/** How far below the screen a pager starts loading, so that it is usually there by the time it scrolls in. */
export const PAGER_MARGIN = '200px';

/**
 * antd's pager for a table or list, loaded when the place it goes comes near the screen (issue 38).
 * Under a list of ten or more rows the pager is below the fold of the first screen, and with its
 * page-size changer and jumper it is ~8 KB on the wire of every list page. The build points the
 * Table's and List's own import of the pager here (`lazyLibraryParts` in vite.config.ts); tests and
 * the dev server keep antd's. Until then a box of the pager's height holds its place, with the classes
 * the table gives it (so its margins are the pager's); once antd's pager has loaded, every pager
 * renders at once.
 */
export default function PagerWhenVisible(props: PaginationProps) {
  const { token } = theme.useToken();
  const { getPrefixCls } = useContext(ConfigContext);
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(loaded);
  useEffect(() => {
    const target = place.current;
    if (near || !target) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: PAGER_MARGIN,
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [near]);

  const placeholder = (
    <div
      ref={near ? undefined : place}
      aria-hidden
      className={[props.className, getPrefixCls('pagination', props.prefixCls)].filter(Boolean).join(' ')}
      style={{ height: props.size === 'small' ? token.controlHeightSM : token.controlHeight, ...props.style }}
      data-testid="pager-placeholder"
    />
  );
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Pagination {...props} />
    </Suspense>
  );
}
