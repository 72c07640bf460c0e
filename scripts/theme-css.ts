/**
 * `npx tsx scripts/theme-css.ts`: writes src/app/theme-variables.ts, the CSS variables of our Mantine
 * theme exactly as MantineProvider would compute them in the browser on every start (colour shades,
 * contrast colours, spacing...: about a tenth of a second of main-thread work on a slow phone before
 * the first screen). index.html carries them instead (the `themeVariables` plugin of vite.config.ts);
 * tests/client/theme-variables.test.ts fails when the theme changes and this was not re-run.
 */
import { writeFileSync } from 'node:fs';
import { themeVariablesCss, themeVariablesModule } from '../tests/client/theme-variables';

const css = themeVariablesCss();
writeFileSync('src/app/theme-variables.ts', themeVariablesModule(css));
console.log(`src/app/theme-variables.ts: ${css.length} characters of CSS`);
