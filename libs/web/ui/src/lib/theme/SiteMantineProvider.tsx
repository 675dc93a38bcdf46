import { localStorageColorSchemeManager, MantineContext, MantineThemeProvider, useProviderColorScheme, type MantineThemeOverride } from '@mantine/core';
import { useMemo, useState, type ContextType, type ReactNode } from 'react';
// The `<style>` elements MantineProvider writes at run time (the theme's CSS variables, the
// `hiddenFrom`/`visibleFrom` classes), written once at build time instead.
import './theme-variables.css';

const getRootElement = () => document.documentElement;

export interface SiteMantineProviderProps {
  theme: MantineThemeOverride;
  /** The nonce of the page's Content-Security-Policy for the `<style>` elements components add. */
  getStyleNonce?: () => string | undefined;
  children: ReactNode;
}

/**
 * Mantine's provider without its CSS-variable `<style>` elements. `MantineProvider` computes the
 * theme's variables (every colour's shades and variants, both colour schemes) in every browser on
 * every load, with about 2.5 kB of gzipped code in the entry of every page; the theme is fixed at
 * build time, so `theme-variables.css` holds the same rules (kept equal to what MantineProvider
 * writes for `theme` and `cssVariablesResolver` by `SiteMantineProvider.test.tsx`) and the
 * provider only shares the theme and the colour scheme, as MantineProvider does with its defaults.
 * The theme must not set `respectReducedMotion` (MantineProvider's hook for it is not exported).
 */
export function SiteMantineProvider({ theme, getStyleNonce, children }: SiteMantineProviderProps) {
  const [manager] = useState(() => localStorageColorSchemeManager());
  const { colorScheme, setColorScheme, clearColorScheme } = useProviderColorScheme({
    defaultColorScheme: 'light',
    forceColorScheme: undefined,
    manager,
    getRootElement,
  });
  const context = useMemo<NonNullable<ContextType<typeof MantineContext>>>(
    () => ({
      colorScheme,
      setColorScheme,
      clearColorScheme,
      getRootElement,
      classNamesPrefix: 'mantine',
      getStyleNonce,
      cssVariablesSelector: ':root',
      withStaticClasses: true,
      deduplicateInlineStyles: false,
    }),
    [colorScheme, setColorScheme, clearColorScheme, getStyleNonce],
  );
  return (
    <MantineContext value={context}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
