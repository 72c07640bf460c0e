import './styles';
import { MantineProvider } from '@mantine/core';
import { Suspense } from 'react';
import { Router } from 'wouter';
import { AppFrame } from './AppFrame';
import { LanguageGate } from './LanguageGate';
import { AppRoutes } from './routes';
import { cssVariablesResolver, theme } from './theme';
import { THEME_CSS } from './theme-variables';

export function App({ ssrPath }: { ssrPath?: string }) {
  // The theme's CSS variables are written from the copy computed ahead (scripts/theme-css.ts), the
  // same <style> MantineProvider would write, without computing them again on every start.
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} withCssVariables={false}>
      <style data-mantine-styles>{THEME_CSS}</style>
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
