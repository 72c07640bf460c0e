import './styles';
import { Center, Loader, MantineProvider } from '@mantine/core';
import { Suspense } from 'react';
import { Router } from 'wouter';
import { AppRoutes } from './routes';
import { theme } from './theme';

export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <MantineProvider theme={theme}>
      <Router ssrPath={ssrPath}>
        <Suspense
          fallback={
            <Center mih="60dvh">
              <Loader aria-label="Loading" />
            </Center>
          }
        >
          <AppRoutes />
        </Suspense>
      </Router>
    </MantineProvider>
  );
}
