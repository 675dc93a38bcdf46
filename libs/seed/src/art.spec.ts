import { BODY_TYPES } from '@dealership/car-model';
import sharp from 'sharp';
import { renderBrandLogoSvg, renderCarSvg, paintColourName } from './art';

async function rasterize(svg: string): Promise<{ width?: number; height?: number }> {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return sharp(png).metadata();
}

describe('renderCarSvg', () => {
  it.each(BODY_TYPES)('renders a %s at the requested size from every angle', async (bodyType) => {
    for (const angle of ['side', 'front-three-quarter', 'rear'] as const) {
      const svg = renderCarSvg({ bodyType, paint: '#1f3a68', angle, width: 600, height: 400 });
      expect(svg).toContain('viewBox="0 0 600 400"');
      await expect(rasterize(svg)).resolves.toMatchObject({ width: 600, height: 400 });
    }
  });

  it('scales to other boxes, escapes the label and tolerates a bad colour', async () => {
    const svg = renderCarSvg({ bodyType: 'Coupe', paint: 'not-a-colour', background: '#dfe8f5', width: 320, height: 480, label: 'Rolls & <Royce> "Wraith"' });
    expect(svg).toContain('Rolls &amp; &lt;Royce&gt; &quot;Wraith&quot;');
    await expect(rasterize(svg)).resolves.toMatchObject({ width: 320, height: 480 });
  });

  it('is deterministic, and the angles differ', () => {
    const options = { bodyType: 'SUV', paint: '#F2F1EC', width: 1200, height: 800 } as const;
    expect(renderCarSvg(options)).toBe(renderCarSvg({ ...options }));
    const pictures = new Set((['side', 'front-three-quarter', 'rear'] as const).map((angle) => renderCarSvg({ ...options, angle })));
    expect(pictures.size).toBe(3);
  });
});

describe('renderBrandLogoSvg', () => {
  it.each([96, 400])('renders a square badge of %ipx', async (size) => {
    const svg = renderBrandLogoSvg({ name: 'Mercedes-Benz', colors: { primary: '#1A1A1A', accent: '#C8CCD0' }, size });
    await expect(rasterize(svg)).resolves.toMatchObject({ width: size, height: size });
  });

  it('escapes XML special characters in the name', async () => {
    const svg = renderBrandLogoSvg({ name: 'Rolls & <Royce>', colors: { primary: '#333333', accent: '#ffffff' }, size: 200 });
    expect(svg).not.toMatch(/<Royce>/i);
    expect(svg).toContain('&amp;');
    await expect(rasterize(svg)).resolves.toMatchObject({ width: 200, height: 200 });
  });

  it('is deterministic', () => {
    const options = { name: 'Toyota', colors: { primary: '#EB0A1E', accent: '#FFFFFF' }, size: 400 };
    expect(renderBrandLogoSvg(options)).toBe(renderBrandLogoSvg({ ...options, colors: { ...options.colors } }));
  });
});

describe('paintColourName', () => {
  it('names the demo paints as a buyer would', () => {
    expect(['#F2F1EC', '#C3C7CC', '#5E6266', '#1C1D21', '#9E1B32', '#1E4FA0', '#2F5D46', '#D9822B', '#8A5A3C', '#B8A88A'].map(paintColourName)).toEqual([
      'White',
      'Silver',
      'Grey',
      'Black',
      'Red',
      'Blue',
      'Green',
      'Orange',
      'Brown',
      'Beige',
    ]);
  });
});
