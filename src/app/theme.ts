import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from '@mantine/core';

// Contrast (WCAG 2.1 AA, 4.5:1 for text): filled colours use shade 8 (blue.8 under white text is
// 5.0:1; Mantine's default shade 6 is 3.6:1). Green's own shades 8 and 9 are too light for white or
// for text on white, so they are darkened here (and orange's). Light fills (yellow) get dark text (autoContrast).
const g = DEFAULT_THEME.colors.green;
const green: MantineColorsTuple = [g[0], g[1], g[2], g[3], g[4], g[5], g[6], '#2f9e44', '#237a36', '#1e6b2f'];
// Orange: shade 9 (used for warnings in text) darkened to 5.3:1 on gray.0.
const o = DEFAULT_THEME.colors.orange;
const orange: MantineColorsTuple = [o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7], '#c2410c', '#b8400d'];

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  colors: { green, orange },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Bengali", "Noto Sans Devanagari", "Noto Sans", sans-serif',
  components: {
    // Links are told apart from the text around them by more than colour.
    Anchor: { defaultProps: { underline: 'always' } },
    Button: { defaultProps: { size: 'md' } },
    // A badge (a status: 'বাছাই তালিকায়', 'शॉर्टलिस्ट') keeps its words whole beside a long name,
    // which wraps instead, rather than being cut to 'বাছাই তা…'.
    Badge: { styles: { root: { flexShrink: 0 } } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    // A searchable list opens on a click or a key, never because focus arrived: after a failed
    // submit focus moves to the first field in error, and an open list would cover that error.
    Select: { defaultProps: { size: 'md', openOnFocus: false } },
    NativeSelect: { defaultProps: { size: 'md' } },
    MultiSelect: { defaultProps: { size: 'md', openOnFocus: false } },
    Textarea: { defaultProps: { size: 'md' } },
    NumberInput: { defaultProps: { size: 'md' } },
    // One label style for every field type: file pickers, radio and checkbox groups use the same
    // label size as the text inputs above.
    InputWrapper: { defaultProps: { size: 'md' } },
    RadioGroup: { defaultProps: { size: 'md' } },
    CheckboxGroup: { defaultProps: { size: 'md' } },
  },
});

/**
 * A light button's text (shade 9) on its hover fill: Mantine's shade 2 leaves blue at 4.0:1 and red
 * at 3.8:1, so the text of 'Preview' or 'Remove' under the pointer was too faint. Hovered, the fill
 * goes to shade 0 instead (blue 5.5:1, red 5.1:1): still a visible change from shade 1 at rest.
 */
const lightHover = Object.fromEntries(
  Object.keys(DEFAULT_THEME.colors).map((name) => [
    `--mantine-color-${name}-light-hover`,
    `var(--mantine-color-${name}-0)`,
  ]),
);

/** Secondary ("dimmed") text and placeholders dark enough to read: gray.7 is 7.8:1 on gray.0. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...lightHover,
    // Yellow's own light text (shade 9, amber) is 2.7:1 on its light fill: the 'verification pending'
    // badge and the yellow notices' titles take orange.9 instead (5.0:1 there, 5.6:1 on white).
    '--mantine-color-yellow-light-color': 'var(--mantine-color-orange-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Links: blue.9 is 6.4:1 on white and 4.9:1 on a light blue box (an Alert: blue.8 was 4.1:1 there).
    '--mantine-color-anchor': 'var(--mantine-color-blue-9)',
    // Field errors readable (red.9 is 5.9:1 on white; Mantine's red.6 is 3.3:1).
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
