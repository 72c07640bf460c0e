import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { cssVariablesResolver, theme } from '../../src/app/theme';

/** The CSS variables MantineProvider itself writes for our theme (its `<style data-mantine-styles>`). */
export function themeVariablesCss(): string {
  const html = renderToString(
    createElement(MantineProvider, { theme, cssVariablesResolver }, createElement('span')),
  );
  const css = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(html)?.[1];
  if (!css) throw new Error('MantineProvider wrote no CSS variables');
  return css;
}
