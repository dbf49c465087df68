import { useMemo } from 'react';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import type { RemoteSourceManifest } from '@fable/contracts';
import { NotFoundPage } from '../ui/StatusPages';
import type { RemoteRoutesModule } from './remoteRoutesModule';

/**
 * Runs one remote alone (`npm run dev -w mf-…`): its remote.json's routes with its own pages, against the
 * real API, without the host's shell.
 */
export function StandaloneRemote({ manifest, module }: { manifest: RemoteSourceManifest; module: RemoteRoutesModule }) {
  const router = useMemo(
    () =>
      createBrowserRouter([
        {
          element: (
            <div data-standalone-remote={manifest.name} style={{ padding: 16 }}>
              <Outlet />
            </div>
          ),
          children: [
            ...manifest.routes.map((route) => {
              const Page = module.pages[route.page] ?? NotFoundPage;
              return { path: route.path, element: <Page /> };
            }),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ]),
    [manifest, module],
  );
  return <RouterProvider router={router} />;
}
