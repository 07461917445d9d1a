import { useEffect } from 'react';
import { NARROW_SCREEN_PX, useAppState } from './state.ts';

const RESIZE_DEBOUNCE_MS = 300;

/** SPEC §4: on resize (debounced 300 ms) the navbar collapses under 769 px. */
export function useWindowWidth() {
  const setNavbar = useAppState((s) => s.setNavbar);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setNavbar(window.innerWidth < NARROW_SCREEN_PX), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [setNavbar]);
}
