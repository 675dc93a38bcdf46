import type { BodyType } from '@dealership/car-model';

// The demo catalogue's car silhouettes (data for art.ts's renderer).

// ---------------------------------------------------------------------------------------------
// Car silhouettes. Every body is drawn facing right in a 1000 x 440 design space standing on
// GROUND; the renderer scales (and for some angles mirrors) it into the requested box.

export const GROUND = 392;

export interface BodySpec {
  /** Sill line: the body's lower edge between the wheels. */
  bottomY: number;
  /** Rear and front lower corners on the sill line. */
  rearX: number;
  frontX: number;
  wheelR: number;
  rearWheelX: number;
  frontWheelX: number;
  /** Outline from the rear lower corner, over the roof, to the front lower corner. */
  upper: string;
  /** Side windows (one closed path). */
  glass: string;
  /** Pillars over the glass: thin ones blacked out, thick rear ones (`body`) in the paint. */
  pillars: Array<{ d: string; body?: boolean }>;
  /** Shoulder line: where the highlight runs (y, from x, to x). */
  belt: [number, number, number];
  /** Door shut lines (x1, y1, x2, y2). */
  seams: Array<[number, number, number, number]>;
  handles: Array<[number, number]>;
  mirror: [number, number];
  head: string;
  tail: string;
  /** Unpainted plastic around the arches and sills (SUVs, pickups). */
  cladding: boolean;
  extras?: (c: BodyColours) => string;
}

export interface BodyColours {
  paint: string;
  light: string;
  dark: string;
  darker: string;
  seam: string;
  trim: string;
  /** Upper-body tone for painted pillars (the body gradient is light up there). */
  pillar: string;
}

export const BODIES: Record<BodyType, BodySpec> = {
  Sedan: {
    bottomY: 350,
    rearX: 92,
    frontX: 926,
    wheelR: 60,
    rearWheelX: 250,
    frontWheelX: 752,
    upper:
      'L 80 318 C 74 296 76 264 86 248 L 94 238 C 150 228 230 224 286 222 C 334 196 374 170 424 160 C 484 150 560 150 602 158 C 642 174 690 204 730 226 C 800 232 870 240 912 252 C 934 262 946 282 944 306 L 938 338 Q 936 350 926 350',
    glass: 'M 318 232 C 352 206 388 184 432 174 C 490 164 556 164 592 170 C 624 186 660 208 694 232 Z',
    pillars: [{ d: 'M 498 162 L 512 162 L 510 234 L 496 234 Z' }],
    belt: [238, 110, 900],
    seams: [
      [504, 236, 502, 346],
      [706, 236, 716, 338],
      [320, 236, 330, 300],
    ],
    handles: [
      [440, 252],
      [630, 252],
    ],
    mirror: [700, 228],
    head: 'M 880 256 C 904 258 924 266 934 280 L 930 288 C 910 284 890 280 870 274 Z',
    tail: 'M 86 254 L 130 248 L 128 264 L 82 272 Z',
    cladding: false,
  },
  Hatchback: {
    bottomY: 350,
    rearX: 186,
    frontX: 858,
    wheelR: 56,
    rearWheelX: 300,
    frontWheelX: 736,
    upper:
      'L 176 318 C 170 290 170 262 176 236 C 180 206 188 180 200 160 C 210 148 226 142 250 140 C 340 134 440 134 498 140 C 548 150 596 184 636 222 C 710 230 800 236 846 250 C 866 260 876 282 874 306 L 870 338 Q 868 350 858 350',
    glass: 'M 204 224 L 208 190 C 214 170 226 158 250 154 C 330 148 430 148 490 154 C 530 162 572 192 604 224 Z',
    pillars: [{ d: 'M 262 152 L 296 150 L 300 226 L 270 226 Z', body: true }, { d: 'M 444 150 L 458 150 L 456 226 L 442 226 Z' }],
    belt: [230, 180, 850],
    seams: [
      [450, 228, 448, 346],
      [618, 228, 634, 330],
      [298, 228, 300, 268],
    ],
    handles: [
      [400, 246],
      [580, 246],
    ],
    mirror: [608, 222],
    head: 'M 818 252 C 844 254 864 262 874 276 L 872 286 C 850 282 828 276 808 270 Z',
    tail: 'M 176 200 L 196 196 L 190 250 L 172 254 Z',
    cladding: false,
    extras: (c) =>
      // Roof spoiler over the tailgate: the tell-tale of a hatchback.
      `<path d="M 196 152 C 210 140 232 136 262 134 L 262 142 C 236 144 214 150 202 160 Z" fill="${c.darker}"/>`,
  },
  SUV: {
    bottomY: 334,
    rearX: 112,
    frontX: 916,
    wheelR: 72,
    rearWheelX: 268,
    frontWheelX: 752,
    upper:
      'L 102 296 C 98 250 100 190 108 140 C 112 116 124 104 146 100 C 300 94 470 92 568 98 C 610 108 656 146 692 186 C 764 192 846 198 898 210 C 922 218 932 240 932 268 L 928 322 Q 926 334 916 334',
    glass: 'M 126 190 L 128 140 C 130 124 138 116 156 114 L 560 110 C 590 116 626 150 658 190 Z',
    pillars: [{ d: 'M 210 113 L 254 112 L 266 192 L 218 192 Z', body: true }, { d: 'M 452 110 L 468 110 L 466 192 L 450 192 Z' }],
    belt: [198, 110, 910],
    seams: [
      [460, 194, 458, 300],
      [266, 194, 270, 234],
      [668, 196, 676, 250],
    ],
    handles: [
      [396, 212],
      [604, 212],
    ],
    mirror: [664, 190],
    head: 'M 860 214 C 890 216 916 222 928 236 L 926 250 C 900 246 876 242 852 234 Z',
    tail: 'M 104 150 L 124 148 L 122 206 L 100 210 Z',
    cladding: true,
    extras: (c) =>
      // Roof rails: two bars on feet along the roof line.
      `<path d="M 176 98 L 186 86 L 520 82 L 530 94" fill="none" stroke="${c.trim}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<path d="M 186 86 L 520 82" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="2"/>`,
  },
  'Station Wagon': {
    bottomY: 350,
    rearX: 90,
    frontX: 926,
    wheelR: 59,
    rearWheelX: 250,
    frontWheelX: 752,
    upper:
      'L 80 318 C 74 290 76 240 86 210 C 94 182 108 166 134 160 C 280 150 480 146 580 150 C 624 164 676 200 716 226 C 800 232 870 240 912 252 C 934 262 946 282 944 306 L 938 338 Q 936 350 926 350',
    glass: 'M 108 232 L 114 190 C 118 178 128 172 150 170 C 300 162 480 160 572 164 C 606 180 652 208 686 232 Z',
    pillars: [{ d: 'M 196 168 L 232 166 L 242 234 L 202 234 Z', body: true }, { d: 'M 436 162 L 450 162 L 448 234 L 434 234 Z' }],
    belt: [238, 100, 900],
    seams: [
      [442, 236, 440, 346],
      [242, 236, 250, 300],
      [700, 236, 716, 338],
    ],
    handles: [
      [386, 252],
      [612, 252],
    ],
    mirror: [690, 228],
    head: 'M 880 256 C 904 258 924 266 934 280 L 930 288 C 910 284 890 280 870 274 Z',
    tail: 'M 82 236 L 104 234 L 100 282 L 78 286 Z',
    cladding: false,
    extras: (c) => `<path d="M 160 158 L 540 150" fill="none" stroke="${c.trim}" stroke-width="5" stroke-linecap="round"/>`,
  },
  Pickup: {
    bottomY: 340,
    rearX: 90,
    frontX: 924,
    wheelR: 70,
    rearWheelX: 236,
    frontWheelX: 764,
    upper:
      'L 80 300 L 82 222 Q 82 212 92 212 L 388 212 Q 398 212 400 202 L 406 132 C 408 120 416 114 430 112 C 480 108 560 106 600 110 C 636 122 672 160 704 198 C 780 204 856 210 910 222 C 930 230 940 252 940 282 L 936 328 Q 934 340 924 340',
    glass: 'M 420 200 L 424 136 C 426 128 432 124 444 124 L 594 120 C 622 128 656 164 680 200 Z',
    pillars: [{ d: 'M 540 122 L 554 122 L 552 202 L 538 202 Z' }],
    belt: [208, 96, 912],
    seams: [
      [400, 214, 400, 318],
      [546, 204, 544, 300],
      [690, 206, 700, 280],
      [88, 222, 88, 296],
    ],
    handles: [
      [488, 222],
      [640, 222],
    ],
    mirror: [676, 202],
    head: 'M 870 226 C 898 228 924 234 934 248 L 932 260 C 908 256 884 252 862 244 Z',
    tail: 'M 84 226 L 98 226 L 98 270 L 84 270 Z',
    cladding: true,
    extras: (c) =>
      // The open bed: the far wall's inside shows above the near wall, plus a sports bar.
      `<path d="M 96 212 L 96 204 Q 96 200 100 200 L 390 200 L 388 212 Z" fill="${c.darker}"/>` +
      `<path d="M 100 204 L 388 204" stroke="#000000" stroke-opacity="0.25" stroke-width="2"/>` +
      `<path d="M 318 212 L 342 152 L 402 148" fill="none" stroke="${c.trim}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
  Van: {
    bottomY: 350,
    rearX: 108,
    frontX: 906,
    wheelR: 58,
    rearWheelX: 254,
    frontWheelX: 758,
    upper:
      'L 100 316 L 100 110 C 100 92 110 84 128 82 C 300 78 560 76 660 82 C 690 86 708 96 722 112 C 770 160 820 200 858 226 C 890 236 912 250 918 272 L 918 336 Q 918 350 906 350',
    glass: 'M 118 212 L 118 112 C 118 102 124 96 136 96 L 650 94 C 680 96 700 108 712 124 C 746 160 782 192 818 218 L 818 226 Z',
    pillars: [
      { d: 'M 232 95 L 252 95 L 252 214 L 232 214 Z' },
      { d: 'M 420 95 L 436 95 L 436 214 L 420 214 Z' },
      { d: 'M 592 94 L 610 94 L 610 216 L 592 216 Z' },
    ],
    belt: [222, 110, 900],
    seams: [
      [436, 218, 436, 344],
      [600, 222, 600, 344],
      [770, 230, 790, 300],
    ],
    handles: [
      [452, 246],
      [700, 246],
    ],
    mirror: [820, 220],
    head: 'M 858 236 C 884 240 906 250 914 264 L 912 276 C 890 270 866 262 848 252 Z',
    tail: 'M 102 130 L 116 130 L 116 200 L 102 200 Z',
    cladding: false,
    extras: (c) =>
      // Sliding-door rail below the rear windows.
      `<path d="M 252 232 L 430 232" stroke="${c.seam}" stroke-opacity="0.6" stroke-width="3" stroke-linecap="round"/>`,
  },
  Coupe: {
    bottomY: 350,
    rearX: 120,
    frontX: 924,
    wheelR: 60,
    rearWheelX: 262,
    frontWheelX: 748,
    upper:
      'L 110 318 C 106 296 108 272 118 258 C 150 246 200 238 250 232 C 320 200 390 176 460 168 C 510 164 550 166 580 172 C 630 188 680 214 720 232 C 800 238 870 246 912 258 C 932 268 944 288 942 310 L 936 340 Q 934 350 924 350',
    glass: 'M 300 238 C 346 212 404 188 466 180 C 512 176 550 178 576 184 C 610 198 650 218 684 238 Z',
    pillars: [{ d: 'M 412 188 L 426 186 L 452 238 L 436 238 Z' }],
    belt: [244, 130, 900],
    seams: [
      [446, 242, 452, 344],
      [696, 242, 712, 338],
    ],
    handles: [[470, 258]],
    mirror: [692, 234],
    head: 'M 872 260 C 898 262 922 272 934 288 L 930 294 C 908 290 884 284 862 278 Z',
    tail: 'M 116 262 L 166 254 L 164 268 L 112 276 Z',
    cladding: false,
    extras: (c) =>
      // Rear lip spoiler.
      `<path d="M 130 252 L 176 244 L 178 238 L 132 246 Z" fill="${c.dark}"/>`,
  },
};

/**
 * The studio set-up of each angle: backdrop tone, light position, zoom and which design x sits
 * in the middle. "rear" is a closer detail shot of the back half, so a car's pictures differ.
 */
