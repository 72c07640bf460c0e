import './styles';
import { MantineProvider } from '@mantine/core';
import { Suspense } from 'react';
import { Router } from 'wouter';
import { AppFrame } from './AppFrame';
import { LanguageGate } from './LanguageGate';
import { AppRoutes } from './routes';
import { cssVariablesResolver, theme } from './theme';

export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Router ssrPath={ssrPath}>
        <Suspense fallback={<AppFrame />}>
          <LanguageGate>
            <AppRoutes />
          </LanguageGate>
        </Suspense>
      </Router>
    </MantineProvider>
  );
}
