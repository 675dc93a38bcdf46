import { imageSrcSet, imageVariant } from './image-src-set';

describe('imageSrcSet', () => {
  it('lists the server width variants and the full-size picture of a local car image', () => {
    expect(imageSrcSet('/media/cars/prado-front.webp')).toBe(
      '/media/cars/prado-front.w320.webp 320w, /media/cars/prado-front.w480.webp 480w, ' +
        '/media/cars/prado-front.w640.webp 640w, /media/cars/prado-front.w960.webp 960w, ' +
        '/media/cars/prado-front.webp 1200w',
    );
  });

  it('stops at the full width of a smaller picture (a 400 px logo)', () => {
    expect(imageSrcSet('/media/brands/toyota-logo.webp', 400)).toBe('/media/brands/toyota-logo.w320.webp 320w, /media/brands/toyota-logo.webp 400w');
  });

  it('gives none for pictures hosted elsewhere or not WebP', () => {
    expect(imageSrcSet('https://res.cloudinary.com/demo/image/upload/car.jpg')).toBeUndefined();
    expect(imageSrcSet('/media/cars/a.jpg')).toBeUndefined();
    expect(imageSrcSet('/static/a.webp')).toBeUndefined();
  });
});

describe('imageVariant', () => {
  it('picks the smallest variant wide enough', () => {
    expect(imageVariant('/media/cars/a.webp', 200)).toBe('/media/cars/a.w320.webp');
    expect(imageVariant('/media/cars/a.webp', 400)).toBe('/media/cars/a.w480.webp');
    expect(imageVariant('/media/cars/a.webp', 1100)).toBe('/media/cars/a.webp');
    expect(imageVariant('/media/brands/l.webp', 96, 400)).toBe('/media/brands/l.w320.webp');
    expect(imageVariant('https://cdn.example/a.webp', 200)).toBe('https://cdn.example/a.webp');
  });
});
