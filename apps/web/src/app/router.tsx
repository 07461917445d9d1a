import { createBrowserRouter, Navigate } from 'react-router';
import { LazyPage } from './LazyPage.tsx';
import { RootLayout } from './RootLayout.tsx';
import { ROUTES } from './route-table.ts';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      ...ROUTES.map((r) => ({ path: r.path, element: <LazyPage load={r.load} /> })),
      { path: '*', element: <Navigate to="/exception/404" replace /> },
    ],
  },
]);
