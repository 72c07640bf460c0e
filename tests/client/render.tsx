import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppRoutes } from '../../src/app/routes';
import { theme } from '../../src/app/theme';

/**
 * Renders the app's real routes at `path` in a memory router (Mantine's test environment: no
 * transitions or portals); `location.history` records navigation and `current()` is the latest.
 */
export function renderRoute(path: string) {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Router hook={location.hook}>
        <Suspense fallback={<p>Loading</p>}>
          <AppRoutes />
        </Suspense>
      </Router>
    </MantineProvider>,
  );
  return { ...view, location, current: () => location.history.at(-1) };
}
