import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { ForbiddenPage, NotFoundPage } from '@fable/shared';
import { Layout } from '../layout/Layout';
import { RemotePage } from '../remotes/RemotePage';
import type { ShellRemote } from '../remotes/remoteRegistry';
import { appRoutes } from './appRoutes';
import { RouteGuard } from './RouteGuard';

export function buildRoutes(remotes: readonly ShellRemote[]): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: [
        ...appRoutes(remotes).map(({ path, remote, displayName, page, permission, signIn }) => ({
          path,
          element: (
            <RouteGuard permission={permission} signIn={signIn}>
              <RemotePage key={`${remote}:${page}`} remote={remote} displayName={displayName} page={page} />
            </RouteGuard>
          ),
        })),
        { path: '/accessDenied', element: <ForbiddenPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function AppRouter({ remotes }: { remotes: readonly ShellRemote[] }) {
  const router = useMemo(() => createBrowserRouter(buildRoutes(remotes)), [remotes]);
  return <RouterProvider router={router} />;
}
