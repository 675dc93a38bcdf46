import type { PeriodicJobs } from '@dealership/server-db';
import { loadConfig } from '@dealership/server-core';
import { cloudinaryDeliveryPrefix, parseCloudinaryUrl } from './cloudinary-media-storage';
import type { MediaStorage } from './media-storage';
import type { MediaUploadRepository } from './media-upload.repository';
import { MediaService } from './media.service';

const service = (env: Record<string, string> = {}) =>
  new MediaService({} as MediaStorage, {} as MediaUploadRepository, loadConfig({ NODE_ENV: 'test', ...env }), {} as PeriodicJobs);

describe('MediaService.isOwnImage', () => {
  const cloud = service({ CLOUDINARY_URL: 'cloudinary://key:secret@Dealer-Cloud' });
  const local = service();
  const ours = 'https://res.cloudinary.com/dealer-cloud/image/upload/v1700000000/documents/front-0a1b2c3d4e.webp';

  it.each([
    ['an upload of the local store', { url: '/media/documents/front-0a1b2c3d4e.webp', publicId: 'documents/front-0a1b2c3d4e' }, true, true],
    ['a car picture of the local store', { url: '/media/cars/toyota-vitz-0a1b2c3d4e.webp', publicId: 'cars/toyota-vitz-0a1b2c3d4e' }, true, true],
    ['a brand logo of the local store', { url: '/media/brands/toyota-0a1b2c3d4e.webp', publicId: 'brands/toyota-0a1b2c3d4e' }, true, true],
    ['a local url with another public id', { url: '/media/cars/toyota-vitz-0a1b2c3d4e.webp', publicId: 'cars/other-0a1b2c3d4e' }, false, false],
    ['a local url outside the media folders', { url: '/media/../jwt-secret', publicId: '../jwt-secret' }, false, false],
    ['a local url of an unknown folder', { url: '/media/private/x-0a1b2c3d4e.webp', publicId: 'private/x-0a1b2c3d4e' }, false, false],
    ['a protocol-relative url', { url: '//evil.example/media/cars/x-1.webp', publicId: 'cars/x-1' }, false, false],
    ['our Cloudinary cloud', { url: ours, publicId: 'documents/front-0a1b2c3d4e' }, true, false],
    [
      'our Cloudinary cloud, a legacy id without folder',
      { url: 'https://res.cloudinary.com/dealer-cloud/image/upload/v1/abcdef123.jpg', publicId: 'abcdef123' },
      true,
      false,
    ],
    ['our cloud with a public id not in the url', { url: ours, publicId: 'documents/other' }, false, false],
    [
      'another Cloudinary cloud',
      { url: 'https://res.cloudinary.com/someone-else/image/upload/v1/documents/front.webp', publicId: 'documents/front' },
      false,
      false,
    ],
    [
      'a cloud whose name starts with ours',
      { url: 'https://res.cloudinary.com/dealer-cloud-evil/image/upload/v1/documents/front.webp', publicId: 'documents/front' },
      false,
      false,
    ],
    ['plain http from our cloud', { url: ours.replace('https:', 'http:'), publicId: 'documents/front-0a1b2c3d4e' }, false, false],
    ['our cloud with a query string', { url: `${ours}?x=<script>`, publicId: 'documents/front-0a1b2c3d4e' }, false, false],
    ['our cloud climbing out', { url: 'https://res.cloudinary.com/dealer-cloud/image/upload/../../x/documents/a.webp', publicId: 'documents/a' }, false, false],
    ['a foreign host', { url: 'https://evil.example/media/cars/x-0a1b2c3d4e.webp', publicId: 'cars/x-0a1b2c3d4e' }, false, false],
    [
      'a foreign host named like Cloudinary',
      { url: 'https://res.cloudinary.com.evil.example/dealer-cloud/image/upload/v1/documents/a.webp', publicId: 'documents/a' },
      false,
      false,
    ],
    ['javascript:', { url: 'javascript:alert(1)', publicId: 'documents/a' }, false, false],
    ['a data url', { url: 'data:image/png;base64,iVBORw0KGgo=', publicId: 'documents/a' }, false, false],
  ])('%s', (_name, image, withCloudinary, withoutCloudinary) => {
    expect(cloud.isOwnImage(image)).toBe(withCloudinary);
    expect(local.isOwnImage(image)).toBe(withoutCloudinary);
  });
});

describe('parseCloudinaryUrl', () => {
  it('reads key, secret, cloud and an upload_prefix', () => {
    expect(parseCloudinaryUrl('cloudinary://123:abc@dealer')).toEqual({ cloudName: 'dealer', apiKey: '123', apiSecret: 'abc', uploadPrefix: undefined });
    expect(parseCloudinaryUrl('cloudinary://123:abc@dealer?upload_prefix=http://127.0.0.1:9')).toMatchObject({ uploadPrefix: 'http://127.0.0.1:9' });
    expect(parseCloudinaryUrl('https://123:abc@dealer')).toBeUndefined();
    expect(cloudinaryDeliveryPrefix('Dealer')).toBe('https://res.cloudinary.com/dealer/');
  });
});
