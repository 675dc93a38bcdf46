import { Button, MantineProvider, useMantineContext, useMantineTheme } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteMantineProvider } from './SiteMantineProvider';
import { cssVariablesResolver, theme } from './theme';

const FILE = join(__dirname, 'theme-variables.css');

/** The rules of the `<style>` elements in `html`, one declaration a line. */
function styleRules(html: string): string {
  const css = [...html.matchAll(/<style data-mantine-styles="(?:true|classes)"[^>]*>([\s\S]*?)<\/style>/g)].map(([, text]) => text).join('\n');
  return css
    .replace(/\s*\{\s*/g, ' {\n')
    .replace(/;\s*/g, ';\n')
    .replace(/\s*\}\s*/g, '\n}\n')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

const HEADER = `/*
 * Generated: the CSS MantineProvider writes at run time for the site's theme (libs/web/ui/src/lib/theme/theme.ts
 * with cssVariablesResolver), served as a stylesheet instead (SiteMantineProvider). After a change to the theme,
 * SiteMantineProvider.test.tsx fails and prints this file's new content.
 */
`;

describe('SiteMantineProvider', () => {
  it("theme-variables.css holds the rules MantineProvider writes for the site's theme", () => {
    const html = renderToStaticMarkup(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <p />
      </MantineProvider>,
    );
    const expected = `${HEADER}${styleRules(html)}\n`;
    const actual = readFileSync(FILE, 'utf8');
    if (actual !== expected) throw new Error(`${FILE} is out of date; its content should be:\n\n${expected}`);
  });

  it('writes no <style> element of its own', () => {
    const html = renderToStaticMarkup(
      <SiteMantineProvider theme={theme}>
        <p>page</p>
      </SiteMantineProvider>,
    );
    expect(html).toBe('<p>page</p>');
  });

  it('gives components the context and theme MantineProvider gives them', () => {
    const seen: unknown[] = [];
    function Probe() {
      const { setColorScheme, clearColorScheme, getRootElement, getStyleNonce, cssVariablesResolver: _resolver, ...context } = useMantineContext();
      seen.push({ context, theme: useMantineTheme(), functions: [typeof setColorScheme, typeof clearColorScheme, getRootElement(), getStyleNonce?.()] });
      return <Button>Go</Button>;
    }
    const nonce = () => 'n0nce';
    const { unmount } = render(
      <MantineProvider theme={theme} getStyleNonce={nonce}>
        <Probe />
      </MantineProvider>,
    );
    const mantineButton = screen.getByRole('button', { name: 'Go' }).outerHTML;
    unmount();
    render(
      <SiteMantineProvider theme={theme} getStyleNonce={nonce}>
        <Probe />
      </SiteMantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Go' }).outerHTML).toBe(mantineButton);
    expect(seen[seen.length - 1]).toEqual(seen[0]);
    expect(theme.respectReducedMotion).toBeFalsy();
  });
});
