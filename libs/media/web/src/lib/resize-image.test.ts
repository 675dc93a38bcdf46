import { fitWithin } from './resize-image';

describe('fitWithin (spec §5: fit 800 x 600, aspect kept)', () => {
  it.each([
    [4000, 3000, 800, 600],
    [3000, 4000, 450, 600],
    [1600, 400, 800, 200],
    [640, 480, 640, 480],
    [1, 10_000, 1, 600],
  ])('%i x %i -> %i x %i', (width, height, w, h) => {
    expect(fitWithin(width, height, { width: 800, height: 600 })).toEqual({ width: w, height: h });
  });
});
