import './styles';
import { MantineProvider } from '@mantine/core';
import { Suspense } from 'react';
import { Router } from 'wouter';
import { AppFrame } from './AppFrame';
import { LanguageGate } from './LanguageGate';
import { LoadFailureBoundary } from './LoadFailure';
import { AppRoutes } from './routes';
import { cssVariablesResolver, theme } from './theme';

export function App({ ssrPath }: { ssrPath?: string }) {
  // The theme's CSS variables are not computed on every start: index.html's head carries the copy
  // computed ahead (scripts/theme-css.ts), the same <style> MantineProvider would write (the
  // `themeVariables` plugin of vite.config.ts).
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} withCssVariables={false}>
      <Router ssrPath={ssrPath}>
        <Suspense fallback={<AppFrame />}>
          <LanguageGate>
            <LoadFailureBoundary>
              <AppRoutes />
            </LoadFailureBoundary>
          </LanguageGate>
        </Suspense>
      </Router>
    </MantineProvider>
  );
}
