import { useLoginUser } from '../lib/session.ts';
import { LazyPage } from './LazyPage.tsx';

/** The visitor's landing chunk; main.tsx loads it before the first render when the build's pre-rendered landing is on screen. */
export const landing = () => import('../features/trade/LandingPage.tsx');
const dashboard = () => import('../features/dashboard/DashboardPage.tsx');

/** `/`: the landing page for visitors, the dashboard once logged in (PRODUCT §3). */
export default function HomePage() {
  const user = useLoginUser();
  return <LazyPage load={user ? dashboard : landing} />;
}
