import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { ContributesCspSources, type CspContribution, type CspSources } from '@dealership/server-http';
import { Inject, Injectable } from '@nestjs/common';

/** Where the configured Cloudinary cloud delivers images (`https://res.cloudinary.com/<cloud>/`), if any. */
export function cloudinaryImageSource(cloudinaryUrl: string | undefined): string | undefined {
  if (!cloudinaryUrl) return undefined;
  const cloud = /^cloudinary:\/\/[^@]+@([a-z0-9_-]+)/i.exec(cloudinaryUrl)?.[1];
  return cloud ? `https://res.cloudinary.com/${cloud.toLowerCase()}/` : undefined;
}

/** Pages show pictures from the Cloudinary cloud when `CLOUDINARY_URL` is set. */
@ContributesCspSources()
@Injectable()
export class MediaCspSources implements CspContribution {
  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'cloudinaryUrl'>) {}

  cspSources(): CspSources {
    const cloudinary = cloudinaryImageSource(this.config.cloudinaryUrl);
    return cloudinary ? { 'img-src': [cloudinary] } : {};
  }
}
