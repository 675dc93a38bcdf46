import type { Car } from '@dealership/car-schemas';
import { CarIcon, imageSrcSet, imageVariant } from '@dealership/web-ui';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import classes from './CarGallery.module.css';

// The full viewer is its own chunk, fetched when a visitor first reaches for a picture.
const loadPictureViewer = () => import('./PictureViewer');
const PictureViewer = lazy(async () => ({ default: (await loadPictureViewer()).PictureViewer }));
const preloadPictureViewer = () => void loadPictureViewer();

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
 * The first picture is the page's largest element, so it loads eagerly and first. A tap (or
 * Enter/Space) on the main picture opens the full viewer (`PictureViewer`, loaded on demand);
 * closing it leaves the strip on the picture seen last, with focus on it.
 */
export function CarGallery({ images, name }: CarGalleryProps) {
  const strip = useRef<HTMLDivElement>(null);
  const slides = useRef<(HTMLButtonElement | null)[]>([]);
  const focusOnClose = useRef<number | null>(null);
  const [active, setActive] = useState(0);
  const [viewerAt, setViewerAt] = useState<number | null>(null);
  // Pictures whose file failed to load (spec §8: the gallery falls back rather than showing a broken image).
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const markFailed = (key: string) => setFailed((previous) => (previous.has(key) ? previous : new Set(previous).add(key)));

  useEffect(() => {
    if (viewerAt !== null || focusOnClose.current === null) return;
    slides.current[focusOnClose.current]?.focus({ preventScroll: true });
    focusOnClose.current = null;
  }, [viewerAt]);

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

  const closeViewer = (index: number) => {
    const element = strip.current;
    if (element) element.scrollLeft = index * element.clientWidth;
    setActive(index);
    focusOnClose.current = index;
    setViewerAt(null);
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
        role="region"
        aria-label={`Photos of ${name}`}
      >
        {images.map((image, index) => (
          <button
            key={image.publicId}
            ref={(element) => {
              slides.current[index] = element;
            }}
            type="button"
            className={classes.slide}
            // One stop in the tab order: the picture in view.
            tabIndex={index === active ? 0 : -1}
            aria-label={`View photo ${index + 1} of ${images.length} full screen`}
            onClick={() => setViewerAt(index)}
            onPointerEnter={preloadPictureViewer}
            onFocus={preloadPictureViewer}
          >
            {failed.has(image.publicId) ? (
              <span className={classes.fallback} role="img" aria-label={`${name}, photo ${index + 1} of ${images.length} could not be loaded`}>
                <CarIcon size={72} />
              </span>
            ) : (
              <img
                src={image.url}
                srcSet={imageSrcSet(image.url)}
                sizes={MAIN_SIZES}
                alt={`${name}, photo ${index + 1} of ${images.length}`}
                width={1200}
                height={800}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding={index === 0 ? 'sync' : 'async'}
                className={classes.picture}
                onError={() => markFailed(image.publicId)}
              />
            )}
          </button>
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
                {failed.has(`thumb:${image.publicId}`) ? (
                  <span className={classes.thumbFallback}>
                    <CarIcon size={28} />
                  </span>
                ) : (
                  <img
                    src={imageVariant(image.url, 160)}
                    alt=""
                    width={96}
                    height={64}
                    loading="lazy"
                    decoding="async"
                    onError={() => markFailed(`thumb:${image.publicId}`)}
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {viewerAt === null ? null : (
        <Suspense fallback={null}>
          <PictureViewer images={images} name={name} startIndex={viewerAt} onClose={closeViewer} />
        </Suspense>
      )}
    </div>
  );
}
