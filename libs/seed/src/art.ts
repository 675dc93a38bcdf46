import type { BodyType } from '@dealership/car-model';
import { BODIES, type BodyColours, GROUND } from './car-bodies';

// Generated artwork for the demo catalogue: flat "studio" illustrations of cars and badge logos
// for brands. Pure string builders (no I/O) and deterministic, so a reseed yields the same files.

export type CarArtAngle = 'side' | 'front-three-quarter' | 'rear';

export interface CarSvgOptions {
  bodyType: BodyType;
  /** Body colour, `#rgb` or `#rrggbb`. */
  paint: string;
  /** Base colour of the studio backdrop; each angle lights it a little differently. */
  background?: string;
  width: number;
  height: number;
  angle?: CarArtAngle;
  /** Small caption at the bottom, e.g. the car's name. */
  label?: string;
}

export interface BrandLogoSvgOptions {
  name: string;
  colors: { primary: string; accent: string };
  size: number;
}

interface Rgb {
  r: number;
  g: number;
  b: number;
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const BLACK: Rgb = { r: 0, g: 0, b: 0 };
const FALLBACK_PAINT: Rgb = { r: 160, g: 166, b: 173 };
const FONT = "'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";

/** Escapes text for use in SVG content and attribute values. */
function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Rounds for compact, stable output (no float noise like 0.30000000000000004). */
function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function parseHex(hex: string, fallback: Rgb): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return fallback;
  const digits = m[1].length === 3 ? [...m[1]].map((d) => d + d).join('') : m[1];
  return {
    r: parseInt(digits.slice(0, 2), 16),
    g: parseInt(digits.slice(2, 4), 16),
    b: parseInt(digits.slice(4, 6), 16),
  };
}

function toHex({ r, g, b }: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return { r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t };
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
function luminance({ r, g, b }: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** FNV-1a: a short deterministic id prefix, so several SVGs inlined in one page never share ids. */
function hashId(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `a${(h >>> 0).toString(36)}`;
}

const ANGLES: Record<CarArtAngle, { base: string; mirror: boolean; lightX: number; zoom: number; focusX: number }> = {
  'front-three-quarter': { base: '#ece7df', mirror: true, lightX: 0.4, zoom: 0.92, focusX: 510 },
  side: { base: '#e6ebf0', mirror: false, lightX: 0.5, zoom: 0.86, focusX: 510 },
  rear: { base: '#e3e9e4', mirror: false, lightX: 0.35, zoom: 1.05, focusX: 450 },
};

/** Where a wheel arch of `radius` around (cx, cy) meets the sill line. */
function archEnds(cx: number, bottomY: number, radius: number, cy: number): { left: number; right: number } {
  const half = Math.sqrt(Math.max(0, radius * radius - (bottomY - cy) ** 2));
  return { left: cx - half, right: cx + half };
}

function wheelSvg(cx: number, cy: number, r: number, spin: number, rimId: string): string {
  const spokes: string[] = [];
  const inner = r * 0.16;
  const outer = r * 0.6;
  for (let i = 0; i < 5; i++) {
    const w1 = r * 0.13;
    const w2 = r * 0.22;
    spokes.push(
      `<path d="M ${n(cx - w1 / 2)} ${n(cy - inner)} L ${n(cx + w1 / 2)} ${n(cy - inner)} L ${n(cx + w2 / 2)} ${n(cy - outer)} L ${n(cx - w2 / 2)} ${n(cy - outer)} Z" transform="rotate(${n(spin + i * 72)} ${n(cx)} ${n(cy)})"/>`,
    );
  }
  return (
    `<g>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#1b1d20"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.9)}" fill="none" stroke="#2c3035" stroke-width="${n(r * 0.06)}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.68)}" fill="url(#${rimId})"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.6)}" fill="#30343a"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.42)}" fill="#5a6068" fill-opacity="0.6"/>` +
    `<g fill="url(#${rimId})">${spokes.join('')}</g>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.17)}" fill="url(#${rimId})" stroke="#7d848c" stroke-width="${n(r * 0.02)}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.06)}" fill="#4a4f56"/>` +
    `</g>`
  );
}

/** A flat-illustration studio picture of a car of `bodyType`, `width` x `height` pixels. */
export function renderCarSvg(options: CarSvgOptions): string {
  const { bodyType, width, height } = options;
  const angle = options.angle ?? 'side';
  const look = ANGLES[angle];
  const spec = BODIES[bodyType];
  const id = hashId(JSON.stringify([bodyType, options.paint, options.background ?? '', width, height, angle, options.label ?? '']));

  const paintRgb = parseHex(options.paint, FALLBACK_PAINT);
  const lum = luminance(paintRgb);
  // Very dark and very light paints need stronger shading to stay readable.
  const colours: BodyColours = {
    paint: toHex(paintRgb),
    light: toHex(mix(paintRgb, WHITE, lum < 0.05 ? 0.3 : 0.22)),
    dark: toHex(mix(paintRgb, BLACK, lum > 0.7 ? 0.24 : 0.32)),
    darker: toHex(mix(paintRgb, BLACK, lum > 0.7 ? 0.45 : 0.55)),
    seam: toHex(mix(paintRgb, BLACK, lum < 0.05 ? 0.9 : 0.5)),
    trim: '#2a2d32',
    pillar: toHex(mix(paintRgb, WHITE, lum < 0.05 ? 0.2 : 0.12)),
  };
  const base = parseHex(options.background ?? look.base, parseHex(look.base, WHITE));
  const wallTop = toHex(mix(base, WHITE, 0.55));
  const wallBottom = toHex(base);
  const floorTop = toHex(mix(base, BLACK, 0.06));
  const floorBottom = toHex(mix(base, WHITE, 0.25));

  // Layout: the car's design box (x 60-960, y 60-420) fits the picture above the label.
  const label = options.label?.trim() ?? '';
  const labelSize = label ? Math.min(height * 0.055, (width * 1.6) / Math.max(label.length, 8)) : 0;
  const labelBand = label ? labelSize * 2.2 : 0;
  const areaH = height - labelBand;
  const scale = Math.min((width * look.zoom) / 900, (areaH * look.zoom) / 360);
  const centreX = width / 2;
  const centreY = areaH * 0.52;
  const tx = look.mirror ? centreX + look.focusX * scale : centreX - look.focusX * scale;
  const ty = centreY - 240 * scale;
  const groundPx = ty + GROUND * scale;
  const horizon = Math.max(0, groundPx - 70 * scale);
  const carTransform = `translate(${n(tx)} ${n(ty)}) scale(${n(look.mirror ? -scale : scale)} ${n(scale)})`;

  const cy = GROUND - spec.wheelR;
  const archR = spec.wheelR + 8;
  const rear = archEnds(spec.rearWheelX, spec.bottomY, archR, cy);
  const front = archEnds(spec.frontWheelX, spec.bottomY, archR, cy);
  const arc = `A ${archR} ${archR} 0 1 0`;
  const bodyPath =
    `M ${spec.rearX} ${spec.bottomY} ${spec.upper} ` +
    `L ${n(front.right)} ${spec.bottomY} ${arc} ${n(front.left)} ${spec.bottomY} ` +
    `L ${n(rear.right)} ${spec.bottomY} ${arc} ${n(rear.left)} ${spec.bottomY} Z`;
  const archHole = (a: { left: number; right: number }) => `<path d="M ${n(a.right)} ${spec.bottomY} ${arc} ${n(a.left)} ${spec.bottomY} Z" fill="#121316"/>`;
  const archTrim = (a: { left: number; right: number }) =>
    `<path d="M ${n(a.right + 6)} ${spec.bottomY} A ${archR + 6} ${archR + 6} 0 1 0 ${n(a.left - 6)} ${spec.bottomY}" fill="none" stroke="${colours.trim}" stroke-width="12"/>`;
  const [beltY, beltFrom, beltTo] = spec.belt;
  const [mx, my] = spec.mirror;

  const defs =
    `<defs>` +
    `<linearGradient id="${id}-wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wallTop}"/><stop offset="1" stop-color="${wallBottom}"/></linearGradient>` +
    `<linearGradient id="${id}-floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${floorTop}"/><stop offset="1" stop-color="${floorBottom}"/></linearGradient>` +
    `<radialGradient id="${id}-spot" cx="${look.lightX}" cy="0.42" r="0.55"><stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>` +
    `<filter id="${id}-blur" x="-20%" y="-200%" width="140%" height="500%"><feGaussianBlur stdDeviation="7"/></filter>` +
    `<linearGradient id="${id}-body" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${colours.light}"/><stop offset="0.45" stop-color="${colours.paint}"/><stop offset="1" stop-color="${colours.dark}"/></linearGradient>` +
    `<linearGradient id="${id}-glass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b4754"/><stop offset="1" stop-color="#151a20"/></linearGradient>` +
    `<radialGradient id="${id}-rim" cx="0.4" cy="0.35" r="0.75"><stop offset="0" stop-color="#f4f6f8"/><stop offset="0.6" stop-color="#c3c9cf"/><stop offset="1" stop-color="#868d95"/></radialGradient>` +
    `<clipPath id="${id}-clip"><path d="${bodyPath}"/></clipPath>` +
    `<clipPath id="${id}-glass-clip"><path d="${spec.glass}"/></clipPath>` +
    `</defs>`;

  const backdrop =
    `<rect width="${width}" height="${height}" fill="url(#${id}-wall)"/>` +
    `<rect y="${n(horizon)}" width="${width}" height="${n(height - horizon)}" fill="url(#${id}-floor)"/>` +
    `<rect width="${width}" height="${height}" fill="url(#${id}-spot)"/>` +
    `<rect y="${n(horizon)}" width="${width}" height="${n(Math.max(1, 2 * scale))}" fill="#ffffff" fill-opacity="0.5"/>`;

  const shadow =
    `<g filter="url(#${id}-blur)">` +
    `<ellipse cx="${n((spec.rearX + spec.frontX) / 2)}" cy="${GROUND + 2}" rx="${n((spec.frontX - spec.rearX) / 2 + 30)}" ry="16" fill="#000000" fill-opacity="0.3"/>` +
    `<ellipse cx="${spec.rearWheelX}" cy="${GROUND}" rx="${n(spec.wheelR)}" ry="7" fill="#000000" fill-opacity="0.5"/>` +
    `<ellipse cx="${spec.frontWheelX}" cy="${GROUND}" rx="${n(spec.wheelR)}" ry="7" fill="#000000" fill-opacity="0.5"/>` +
    `</g>`;

  const body =
    archHole(rear) +
    archHole(front) +
    `<path d="${bodyPath}" fill="url(#${id}-body)"/>` +
    `<g clip-path="url(#${id}-clip)">` +
    // Lower-body shade and a bright shoulder highlight give the flat shape some volume.
    `<rect x="0" y="${spec.bottomY - 46}" width="1000" height="60" fill="${colours.darker}" fill-opacity="0.35"/>` +
    `<rect x="0" y="${spec.bottomY - 50}" width="1000" height="4" fill="${colours.darker}" fill-opacity="0.25"/>` +
    `<path d="M ${beltFrom} ${beltY + 8} L ${beltTo} ${beltY + 10}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M ${beltFrom} ${beltY + 15} L ${beltTo} ${beltY + 17}" stroke="${colours.darker}" stroke-opacity="0.35" stroke-width="3"/>` +
    (spec.cladding
      ? `<rect x="0" y="${spec.bottomY - 22}" width="1000" height="30" fill="${colours.trim}"/>`
      : `<rect x="0" y="${spec.bottomY - 10}" width="1000" height="12" fill="${colours.darker}" fill-opacity="0.6"/>`) +
    `</g>` +
    (spec.cladding ? archTrim(rear) + archTrim(front) : '') +
    // A faint outline keeps white and silver cars from melting into the light backdrop.
    `<path d="${bodyPath}" fill="none" stroke="${colours.darker}" stroke-opacity="0.45" stroke-width="2" stroke-linejoin="round"/>`;

  const glass =
    `<path d="${spec.glass}" fill="url(#${id}-glass)"/>` +
    `<g clip-path="url(#${id}-glass-clip)">` +
    // Diagonal reflections across the windows.
    `<path d="M 200 60 L 320 60 L 180 260 L 60 260 Z" fill="#ffffff" fill-opacity="0.12"/>` +
    `<path d="M 560 60 L 620 60 L 480 260 L 420 260 Z" fill="#ffffff" fill-opacity="0.1"/>` +
    `</g>` +
    `<path d="${spec.glass}" fill="none" stroke="${colours.trim}" stroke-width="4" stroke-linejoin="round"/>` +
    spec.pillars.map((p) => `<path d="${p.d}" fill="${p.body ? colours.pillar : colours.trim}"/>`).join('');

  const details =
    spec.seams
      .map(
        ([x1, y1, x2, y2]) =>
          `<path d="M ${x1} ${y1} L ${x2} ${y2}" stroke="${colours.seam}" stroke-opacity="0.55" stroke-width="2.5" stroke-linecap="round"/>`,
      )
      .join('') +
    spec.handles.map(([x, y]) => `<rect x="${x - 18}" y="${y - 4}" width="36" height="8" rx="4" fill="${colours.darker}" fill-opacity="0.7"/>`).join('') +
    `<path d="M ${mx - 6} ${my - 2} L ${mx + 6} ${my - 22} C ${mx + 20} ${my - 26} ${mx + 34} ${my - 22} ${mx + 36} ${my - 12} L ${mx + 30} ${my + 2} Z" fill="${colours.paint}" stroke="${colours.darker}" stroke-width="2"/>` +
    `<path d="${spec.head}" fill="#f4f7fb" stroke="${colours.darker}" stroke-width="2"/>` +
    `<path d="${spec.head}" fill="#ffe9a8" fill-opacity="0.35"/>` +
    `<path d="${spec.tail}" fill="#c0262d" stroke="${colours.darker}" stroke-width="2"/>` +
    // Lower front intake and rear bumper reflector.
    `<rect x="${spec.frontX - 40}" y="${spec.bottomY - 36}" width="48" height="10" rx="5" fill="${colours.trim}" fill-opacity="0.85"/>` +
    `<rect x="${spec.rearX - 4}" y="${spec.bottomY - 34}" width="30" height="6" rx="3" fill="#9b1c22"/>` +
    (spec.extras ? spec.extras(colours) : '');

  const wheels = wheelSvg(spec.rearWheelX, cy, spec.wheelR, 12, `${id}-rim`) + wheelSvg(spec.frontWheelX, cy, spec.wheelR, 47, `${id}-rim`);

  const caption = label
    ? `<text x="${n(width / 2)}" y="${n(height - labelBand * 0.38)}" text-anchor="middle" font-family="${FONT}" font-size="${n(labelSize)}" font-weight="600" fill="#3a4048">${escapeXml(label)}</text>`
    : '';

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    defs +
    backdrop +
    `<g transform="${carTransform}">${shadow}${body}${glass}${details}${wheels}</g>` +
    caption +
    `</svg>`
  );
}

// ---------------------------------------------------------------------------------------------
// Brand badges, drawn in a 400 x 400 design space and scaled to `size`.

/** "Mercedes-Benz" -> "MB", "Toyota" -> "T", "BMW" -> "BMW". */
function monogram(name: string): string {
  const words = name
    .split(/[\s\-&+/]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) {
    const [word] = words;
    // Short all-caps names (BMW, MG, KIA) are wordmarks already.
    return word.length <= 4 && word === word.toUpperCase() ? word : word.charAt(0).toUpperCase();
  }
  return words
    .slice(0, 3)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

/** A square badge: a round emblem in the brand colours with its monogram, and the name below. */
export function renderBrandLogoSvg(options: BrandLogoSvgOptions): string {
  const { name, size } = options;
  const primary = parseHex(options.colors.primary, { r: 40, g: 44, b: 52 });
  let accent = parseHex(options.colors.accent, WHITE);
  // Keep the monogram readable even when the two brand colours are too close.
  if (contrast(primary, accent) < 2.5) accent = contrast(primary, WHITE) >= contrast(primary, BLACK) ? WHITE : BLACK;
  const id = hashId(JSON.stringify([name, options.colors.primary, options.colors.accent, size]));

  const letters = monogram(name);
  const letterSize = [0, 150, 100, 72, 56][letters.length] ?? 50;
  const title = name.trim().toUpperCase();
  // A bold capital plus letter-spacing is roughly 0.74em wide; shrink long names to fit the badge.
  const titleSize = Math.min(40, 320 / Math.max(1, title.length * 0.74));
  const ink = luminance(primary) > 0.5 ? '#1f2328' : toHex(mix(primary, BLACK, 0.15));
  const scale = size / 400;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<defs>` +
    `<linearGradient id="${id}-bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#eef1f5"/></linearGradient>` +
    `<linearGradient id="${id}-em" x1="0.2" y1="0" x2="0.8" y2="1"><stop offset="0" stop-color="${toHex(mix(primary, WHITE, 0.18))}"/><stop offset="1" stop-color="${toHex(mix(primary, BLACK, 0.22))}"/></linearGradient>` +
    `</defs>` +
    `<g transform="scale(${n(scale)})">` +
    `<rect x="4" y="4" width="392" height="392" rx="72" fill="url(#${id}-bg)" stroke="#dfe4ea" stroke-width="4"/>` +
    `<circle cx="200" cy="166" r="124" fill="none" stroke="${toHex(primary)}" stroke-opacity="0.25" stroke-width="6"/>` +
    `<circle cx="200" cy="166" r="112" fill="url(#${id}-em)"/>` +
    `<circle cx="200" cy="166" r="98" fill="none" stroke="${toHex(accent)}" stroke-opacity="0.6" stroke-width="4"/>` +
    `<path d="M 110 130 A 98 98 0 0 1 290 130 Q 200 104 110 130 Z" fill="#ffffff" fill-opacity="0.12"/>` +
    `<text x="200" y="${n(166 + letterSize * 0.36)}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${letterSize}" fill="${toHex(accent)}">${escapeXml(letters)}</text>` +
    `<text x="200" y="${n(344 + titleSize * 0.18)}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${n(titleSize)}" letter-spacing="${n(titleSize * 0.06)}" fill="${ink}">${escapeXml(title)}</text>` +
    `</g>` +
    `</svg>`
  );
}

/**
 * The colour a buyer would call a demo car's paint (`#rrggbb`): white, silver, grey or black by
 * lightness when it has little colour, else by hue (red, orange, beige or brown, green, blue).
 */
export function paintColourName(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  if (max - min < 0.12) return lightness > 0.88 ? 'White' : lightness > 0.65 ? 'Silver' : lightness > 0.2 ? 'Grey' : 'Black';
  const hue = max === r ? (60 * ((g - b) / (max - min)) + 360) % 360 : max === g ? 60 * ((b - r) / (max - min)) + 120 : 60 * ((r - g) / (max - min)) + 240;
  if (hue < 15 || hue >= 330) return 'Red';
  if (hue < 40) return lightness > 0.55 ? 'Beige' : lightness > 0.45 ? 'Orange' : 'Brown';
  if (hue < 70) return lightness > 0.6 ? 'Beige' : 'Brown';
  if (hue < 170) return 'Green';
  return 'Blue';
}
