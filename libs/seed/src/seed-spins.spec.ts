import sharp from 'sharp';
import { renderSpinFrameSvg } from './seed-spins';

describe('the demo spin frames', () => {
  it('draw the car turned: each angle its own picture, the lit nose seen only when it faces the viewer', async () => {
    const frame = (degrees: number) => renderSpinFrameSvg({ paint: '#c0392b', degrees, label: 'Toyota Prado' });
    const angles = [0, 45, 90, 180, 270];
    expect(new Set(angles.map(frame)).size).toBe(angles.length);
    // The nose's face (headlights, #f4e27a shaded) faces the viewer at 30° and away at 210°.
    const headlights = (svg: string) =>
      [...svg.matchAll(/fill="rgb\((\d+),(\d+),(\d+)\)"/g)].some(([, r, g, b]) => Number(r) > Number(b) + 60 && Number(g) > Number(b) + 40);
    expect(headlights(frame(30))).toBe(true);
    expect(headlights(frame(210))).toBe(false);
    // It is an image sharp can draw (the store renders it to WebP on first request).
    const { width, height } = await sharp(Buffer.from(frame(30))).metadata();
    expect({ width, height }).toEqual({ width: 1200, height: 800 });
  });
});
