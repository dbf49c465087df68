import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import type { Deployment } from '@fable/contracts';
import { ForbiddenPage, NotFoundPage } from '@fable/shared';
import { Layout } from '../layout/Layout';
import { RemotePage } from '../remotes/RemotePage';
import { appRoutes } from './appRoutes';
import { RouteGuard } from './RouteGuard';

export function buildRoutes(deployment: Deployment): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: [
        ...appRoutes(deployment).map(({ path, remote, page, permission }) => ({
          path,
          element: (
            <RouteGuard permission={permission}>
              <RemotePage key={`${remote}:${page}`} remote={remote} page={page} />
            </RouteGuard>
          ),
        })),
        { path: '/accessDenied', element: <ForbiddenPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function AppRouter({ deployment }: { deployment: Deployment }) {
  const router = useMemo(() => createBrowserRouter(buildRoutes(deployment)), [deployment]);
  return <RouterProvider router={router} />;
}
