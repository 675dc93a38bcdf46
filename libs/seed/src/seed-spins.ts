import type { ImageRef } from '@dealership/media-schemas';
import { carSpinFrames } from '@dealership/car-data';
import type { Database } from '@dealership/server-db';
import { slugify } from '@dealership/shared-util';

/** Frames of a demo spin set: the fewest a set may have (SPIN_MIN_FRAMES), a turn every 15 degrees. */
export const SEED_SPIN_FRAMES = 24;
const WIDTH = 1200;
const HEIGHT = 800;

type Point = [number, number, number];

/** A box of the car's shape (x along the car, y up, z across; metres), with the colour of each face. */
interface Block {
  min: Point;
  max: Point;
}

// A car as two blocks: the body, and the cabin on it, set back from the nose.
const BODY: Block = { min: [-2.3, 0.3, -0.9], max: [2.3, 1.0, 0.9] };
const CABIN: Block = { min: [-1.3, 1.0, -0.78], max: [0.9, 1.55, 0.78] };

const shade = (hex: string, factor: number) => {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.max(0, Math.min(255, Math.round(((n >> shift) & 255) * factor)));
  return `rgb(${channel(16)},${channel(8)},${channel(0)})`;
};

/**
 * One frame of a demo spin set as SVG: the car's two blocks turned `degrees` round their upright
 * axis, seen from a little above, the far faces hidden (drawn back to front), the nose's face
 * lit like headlights and the tail's red, so the turn reads from frame to frame.
 */
export function renderSpinFrameSvg({ paint, degrees, label }: { paint: string; degrees: number; label: string }): string {
  const turn = (degrees * Math.PI) / 180;
  const tilt = (18 * Math.PI) / 180;
  const scale = 170;
  const project = ([x, y, z]: Point): { x: number; y: number; depth: number } => {
    const rx = x * Math.cos(turn) - z * Math.sin(turn);
    const rz = x * Math.sin(turn) + z * Math.cos(turn);
    const py = y * Math.cos(tilt) - rz * Math.sin(tilt);
    const depth = y * Math.sin(tilt) + rz * Math.cos(tilt);
    return { x: WIDTH / 2 + rx * scale, y: HEIGHT * 0.68 - py * scale, depth };
  };
  const faces: { points: Point[]; normal: Point; fill: string }[] = [];
  for (const [block, isCabin] of [
    [BODY, false],
    [CABIN, true],
  ] as const) {
    const [x0, y0, z0] = block.min;
    const [x1, y1, z1] = block.max;
    const side = isCabin ? '#9fc3dd' : paint;
    faces.push(
      {
        points: [
          [x1, y0, z0],
          [x1, y1, z0],
          [x1, y1, z1],
          [x1, y0, z1],
        ],
        normal: [1, 0, 0],
        fill: isCabin ? side : '#f4e27a',
      },
      {
        points: [
          [x0, y0, z0],
          [x0, y1, z0],
          [x0, y1, z1],
          [x0, y0, z1],
        ],
        normal: [-1, 0, 0],
        fill: isCabin ? side : '#b3262b',
      },
      {
        points: [
          [x0, y0, z1],
          [x1, y0, z1],
          [x1, y1, z1],
          [x0, y1, z1],
        ],
        normal: [0, 0, 1],
        fill: side,
      },
      {
        points: [
          [x0, y0, z0],
          [x1, y0, z0],
          [x1, y1, z0],
          [x0, y1, z0],
        ],
        normal: [0, 0, -1],
        fill: side,
      },
      {
        points: [
          [x0, y1, z0],
          [x1, y1, z0],
          [x1, y1, z1],
          [x0, y1, z1],
        ],
        normal: [0, 1, 0],
        fill: isCabin ? paint : side,
      },
    );
  }
  // Faces turned towards the viewer (the camera looks along -depth), back to front.
  const visible = faces
    .map((face) => {
      const [nx, ny, nz] = face.normal;
      const nDepth = ny * Math.sin(tilt) + (nx * Math.sin(turn) + nz * Math.cos(turn)) * Math.cos(tilt);
      const projected = face.points.map(project);
      const light = 0.7 + 0.3 * Math.max(0, nx * Math.cos(turn) - nz * Math.sin(turn) + ny);
      return { ...face, nDepth, projected, light, depth: projected.reduce((sum, p) => sum + p.depth, 0) / projected.length };
    })
    .filter((face) => face.nDepth > 0)
    .sort((a, b) => a.depth - b.depth);
  const polygons = visible
    .map((face) => {
      const fill = face.fill.startsWith('#') ? shade(face.fill, face.light) : face.fill;
      return `<polygon points="${face.projected.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}" fill="${fill}" stroke="#1d232b" stroke-width="2" stroke-linejoin="round"/>`;
    })
    .join('');
  // The far wheels behind the body, the near ones over its side (in its wheel arches).
  const wheel = (p: { x: number; y: number }) => `<ellipse cx="${p.x.toFixed(1)}" cy="${(p.y + 10).toFixed(1)}" rx="42" ry="30" fill="#22262c"/>`;
  const hubs = (
    [
      [1.45, 0.9],
      [1.45, -0.9],
      [-1.45, 0.9],
      [-1.45, -0.9],
    ] as const
  )
    .map(([x, z]) => project([x, 0.3, z]))
    .sort((a, b) => a.depth - b.depth);
  const farWheels = hubs.slice(0, 2).map(wheel).join('');
  const nearWheels = hubs.slice(2).map(wheel).join('');
  const floor = `<ellipse cx="${WIDTH / 2}" cy="${HEIGHT * 0.7}" rx="470" ry="120" fill="#d9dde3"/>`;
  const caption = `<text x="${WIDTH / 2}" y="${HEIGHT - 40}" font-family="sans-serif" font-size="34" text-anchor="middle" fill="#4a5360">${escapeXml(label)} · ${degrees}°</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#f1f3f6"/>${floor}${farWheels}${polygons}${nearWheels}${caption}</svg>`;
}

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

/** Renders and stores a demo car's spin set (the frames, in turning order). */
export function renderSpinFrames(
  car: { name: string; paint: string },
  sink: (image: { svg: string; folder: 'cars'; name: string }) => Promise<ImageRef>,
): Promise<ImageRef[]> {
  return Promise.all(
    Array.from({ length: SEED_SPIN_FRAMES }, (_, i) => {
      // From the front three-quarter view, as the demo's first picture of a car is.
      const degrees = (30 + (i * 360) / SEED_SPIN_FRAMES) % 360;
      return sink({
        svg: renderSpinFrameSvg({ paint: car.paint, degrees, label: car.name }),
        folder: 'cars',
        name: `${slugify(car.name)}-spin-${String(i).padStart(2, '0')}`,
      });
    }),
  );
}

/** Saves demo cars' spin sets (in the seed's transaction). */
export async function seedDemoSpins(tx: Pick<Database, 'insert'>, sets: readonly { carId: string; frames: readonly ImageRef[] }[]): Promise<void> {
  const rows = sets.flatMap(({ carId, frames }) => frames.map((frame, position) => ({ carId, position, url: frame.url, publicId: frame.publicId })));
  if (rows.length > 0) await tx.insert(carSpinFrames).values(rows);
}
