import type { Car } from '@dealership/car-schemas';
import { CarIcon, imageSrcSet, imageVariant } from '@dealership/web-ui';
import { useRef, useState } from 'react';
import classes from './CarGallery.module.css';

export interface CarGalleryProps {
  images: Car['images'];
  /** The car's name, for the pictures' text alternatives. */
  name: string;
}

/** Rendered width of the main picture: the left 7/12 of the `xl` container, full width below `md`. */
const MAIN_SIZES = '(min-width: 75em) 760px, (min-width: 62em) 58vw, 100vw';

/**
 * The car's pictures (spec §2 /car/{slug}, in the reduced form: no navigation, fullscreen or play
 * buttons). The main strip scrolls and snaps (swipe on a phone); thumbnails jump to a picture.
 * The first picture is the page's largest element, so it loads eagerly and first.
 */
export function CarGallery({ images, name }: CarGalleryProps) {
  const strip = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);

  if (images.length === 0) {
    return (
      <div className={classes.empty} role="img" aria-label={`No photo of ${name} yet`}>
        <CarIcon size={96} />
      </div>
    );
  }

  const show = (index: number) => {
    const element = strip.current;
    if (!element) return;
    element.scrollTo({ left: index * element.clientWidth, behavior: 'smooth' });
    setActive(index);
  };

  return (
    <div className={classes.root}>
      <div
        ref={strip}
        className={classes.strip}
        onScroll={(event) => {
          const element = event.currentTarget;
          if (element.clientWidth > 0) setActive(Math.round(element.scrollLeft / element.clientWidth));
        }}
        tabIndex={0}
        role="region"
        aria-label={`Photos of ${name}`}
      >
        {images.map((image, index) => (
          <img
            key={image.publicId}
            src={image.url}
            srcSet={imageSrcSet(image.url)}
            sizes={MAIN_SIZES}
            alt={`${name}, photo ${index + 1} of ${images.length}`}
            width={1200}
            height={800}
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'}
            decoding={index === 0 ? 'sync' : 'async'}
            className={classes.slide}
          />
        ))}
      </div>
      {images.length > 1 ? (
        <ul className={classes.thumbs} aria-label="Choose a photo">
          {images.map((image, index) => (
            <li key={image.publicId}>
              <button
                type="button"
                className={classes.thumb}
                onClick={() => show(index)}
                aria-label={`Show photo ${index + 1}`}
                aria-current={index === active ? 'true' : undefined}
              >
                <img src={imageVariant(image.url, 160)} alt="" width={96} height={64} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
