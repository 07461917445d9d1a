import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children once the place they go scrolls into view (and keeps them). A chart below the
 * fold then downloads its library when the user gets there, not with the page's first load — the
 * first-load budget (issue 11) has no room for a charting library on top of a list page.
 */
export function WhenVisible({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const place = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const target = place.current;
    if (seen || !target) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [seen]);
  return seen ? children : <div ref={place} style={{ minHeight }} />;
}
