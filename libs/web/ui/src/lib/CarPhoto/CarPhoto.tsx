import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CarIcon } from '../icons/icons';
import { imageSrcSet } from '../image/image-src-set';
import classes from './CarPhoto.module.css';

/** The size a card's photo is drawn at (3:2, like the catalogue pictures). */
export const CAR_CARD_IMAGE = { width: 480, height: 320 } as const;

/** Rendered width of a card photo in the 1 / 2 / 3 / 4 column grid (container `xl`, 1320 px). */
export const CAR_CARD_SIZES = '(min-width: 75em) 310px, (min-width: 62em) 31vw, (min-width: 36em) 48vw, 100vw';

export interface CarPhotoProps {
  car: { name: string; images: { url: string }[] };
  /** The car's page. */
  href: string;
  alt: string;
  /** Above the fold: load at once instead of lazily. */
  priority?: boolean;
  sizes?: string;
  /** Overlays on the photo (condition and year badges). */
  children?: ReactNode;
}

/** A card's main photo linking to the car, or a placeholder when the car has none yet. */
export function CarPhoto({ car, href, alt, priority = false, sizes = CAR_CARD_SIZES, children }: CarPhotoProps) {
  const image = car.images[0];
  return (
    <Link to={href} className={classes.media} tabIndex={-1}>
      {image ? (
        <img
          src={image.url}
          srcSet={imageSrcSet(image.url)}
          sizes={sizes}
          alt={alt}
          width={CAR_CARD_IMAGE.width}
          height={CAR_CARD_IMAGE.height}
          // A priority photo is fetched first and preloaded from the page's head (React adds the
          // preload for a high-priority image of a server-rendered page).
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding={priority ? undefined : 'async'}
          className={classes.image}
        />
      ) : (
        <span className={classes.noImage} role="img" aria-label={`No photo of ${car.name} yet`}>
          <CarIcon size={64} />
        </span>
      )}
      {children}
    </Link>
  );
}
