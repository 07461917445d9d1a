import { useEffect } from 'react';

/** antd's scrolling table containers: the content (sideways) and the body (with a fixed header). */
const SCROLLERS = '.ant-table-content, .ant-table-body';

/** Whether the element has more to show than its box (sideways or down). */
const scrolls = (el: Element) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;

/**
 * Makes a table that scrolls reachable from the keyboard (WCAG 2.1.1): antd draws its scroll
 * container without a tab stop, so a keyboard user could not read columns out of view. A scrolling
 * container gets a tab stop and a name; one that no longer scrolls loses them. Runs on every change
 * of the page (tables load, resize and page), once per animation frame.
 */
export function markScrollRegions(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    if (scrolls(el)) {
      if (el.tabIndex !== 0) el.tabIndex = 0;
      if (!el.hasAttribute('aria-label')) {
        el.setAttribute('role', 'region');
        el.setAttribute('aria-label', '表格（可用方向键滚动）');
      }
    } else if (el.getAttribute('role') === 'region') {
      el.removeAttribute('tabindex');
      el.removeAttribute('role');
      el.removeAttribute('aria-label');
    }
  }
}

/** `markScrollRegions` for as long as the component (the signed-in shell) is on the page. */
export function useKeyboardScrollRegions(): void {
  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => markScrollRegions());
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, []);
}
