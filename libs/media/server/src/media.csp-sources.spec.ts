import { cloudinaryImageSource, MediaCspSources } from './media.csp-sources';

describe('MediaCspSources', () => {
  it('lets pages show images from the configured Cloudinary cloud only', () => {
    expect(new MediaCspSources({ cloudinaryUrl: 'cloudinary://key:secret@Dealer-Cloud?secure=true' }).cspSources()).toEqual({
      'img-src': ['https://res.cloudinary.com/dealer-cloud/'],
    });
    expect(new MediaCspSources({ cloudinaryUrl: undefined }).cspSources()).toEqual({});
  });

  it('reads the cloud name only from a Cloudinary URL', () => {
    expect(cloudinaryImageSource(undefined)).toBeUndefined();
    expect(cloudinaryImageSource('cloudinary://123:abc@demo')).toBe('https://res.cloudinary.com/demo/');
    expect(cloudinaryImageSource('cloudinary://123:abc@evil.example/x')).toBe('https://res.cloudinary.com/evil/');
  });
});
