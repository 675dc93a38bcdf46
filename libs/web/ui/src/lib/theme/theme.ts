import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Deep navy: the primary brand colour (headers, links, primary buttons). */
const navy: MantineColorsTuple = ['#eaf0fa', '#d2dcef', '#a3b8df', '#7192cf', '#4872c1', '#2f5eb9', '#2253b6', '#16439f', '#0f3680', '#0a2450'];

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
  // The darkest, for amber text on a light page (the home's eyebrows): 5.3:1 on gray.0 (WCAG AA).
  '#8f5d00',
];

/**
 * Mantine's palette with the darkest two shades deepened where white text on shade 8 (a filled
 * badge or button at the theme's primary shade) fell short of WCAG AA's 4.5:1: green 3.4 -> 5.4
 * (the WhatsApp buttons), teal 3.9 -> 5.0 (Available, Delivered), orange 3.6 -> 5.2 (New leads),
 * cyan 4.3 -> 5.6.
 */
const deepened = (name: 'green' | 'teal' | 'orange' | 'cyan', shade8: string, shade9: string): MantineColorsTuple =>
  [...(DEFAULT_THEME.colors[name].slice(0, 8) as string[]), shade8, shade9] as unknown as MantineColorsTuple;
const green = deepened('green', '#1f7a35', '#18632b');
const teal = deepened('teal', '#087f5b', '#066649');
const orange = deepened('orange', '#c2410c', '#9a3412');
const cyan = deepened('cyan', '#0b7285', '#095c6b');

// System fonts only: nothing is fetched from a font CDN.
const systemFonts = 'system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/** The site's Mantine theme. */
export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: { light: 8, dark: 5 },
  colors: { navy, amber, green, teal, orange, cyan },
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

/**
 * CSS variables on top of the theme's. Mantine's dimmed text (inputs' descriptions, captions) is
 * gray.6, 3.3:1 on white; this grey has 6.1:1 on white and 5.8:1 on the page's gray.0 (WCAG AA,
 * and readable outdoors on a phone).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});
