import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppBootstrap } from './bootstrap';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './routes';

export function App() {
  const [queryClient] = useState(createQueryClient);
  // Created once start-up data is in, so no route renders without config and an API client.
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders queryClient={queryClient}>
      <AppBootstrap>
        <RouterProvider router={router} />
      </AppBootstrap>
    </AppProviders>
  );
}
