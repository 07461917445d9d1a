import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ContributionsProvider } from '../lib/contributions.ts';
import { isRequestFailure } from '../lib/request.ts';
import { CONTRIBUTIONS } from './features.ts';
import { AppRouter } from './router.tsx';
import { useWindowWidth } from './useWindowWidth.ts';

const FIVE_MINUTES = 5 * 60_000;
const FOCUS_REFRESH_MS = 5_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // SPEC §9: request cache 5 minutes; refresh on focus at most every 5 s.
      gcTime: FIVE_MINUTES,
      staleTime: FOCUS_REFRESH_MS,
      refetchOnWindowFocus: true,
      retry: (count, err) => count < 1 && !(isRequestFailure(err) && err.status !== undefined && err.status < 500),
    },
  },
});

// Focus refetches are throttled so switching windows quickly does not flood the server.
let lastFocus = 0;
focusManager.setEventListener((handleFocus) => {
  const onFocus = () => {
    const now = Date.now();
    if (now - lastFocus < FOCUS_REFRESH_MS) return;
    lastFocus = now;
    handleFocus(true);
  };
  window.addEventListener('focus', onFocus);
  return () => window.removeEventListener('focus', onFocus);
});

export function AppProviders() {
  useWindowWidth();
  return (
    <QueryClientProvider client={queryClient}>
      <ContributionsProvider value={CONTRIBUTIONS}>
        <AppRouter />
      </ContributionsProvider>
    </QueryClientProvider>
  );
}
