import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Deep navy: the primary brand colour (headers, links, primary buttons). */
const navy: MantineColorsTuple = [
  '#eaf0fa',
  '#d2dcef',
  '#a3b8df',
  '#7192cf',
  '#4872c1',
  '#2f5eb9',
  '#2253b6',
  '#16439f',
  '#0f3680',
  '#0a2450',
];

/** Warm amber accent for calls to action; dark text is used on it (autoContrast). */
const amber: MantineColorsTuple = [
  '#fff8e1',
  '#ffefcc',
  '#ffdd9b',
  '#ffca64',
  '#ffba38',
  '#ffb01b',
  '#ffab09',
  '#e39500',
  '#c98400',
  '#ae7100',
];

// System fonts only: nothing is fetched from a font CDN.
const systemFonts =
  'system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/** The site's Mantine theme. */
export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: { light: 8, dark: 5 },
  colors: { navy, amber },
  autoContrast: true,
  fontFamily: systemFonts,
  headings: {
    fontFamily: systemFonts,
    fontWeight: '700',
    textWrap: 'balance',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  other: {
    accentColor: 'amber',
  },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'md', withBorder: true } },
    Container: { defaultProps: { size: 'lg' } },
  },
});
