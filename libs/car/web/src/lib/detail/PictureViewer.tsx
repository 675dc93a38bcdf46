// The viewer's stylesheets come with its chunk (it is loaded when first opened), in Mantine's order.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import type { Car } from '@dealership/car-schemas';
import { CarIcon, ChevronIcon, imageSrcSet, imageVariant } from '@dealership/web-ui';
import { Modal } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';
import classes from './PictureViewer.module.css';
import { swipeStep, VIEWER_AUTOPLAY_MS, VIEWER_SLIDE_MS, viewerIndexText, wrapIndex } from './picture-viewer-settings';

export interface PictureViewerProps {
  images: Car['images'];
  /** The car's name, for the pictures' text alternatives. */
  name: string;
  /** The picture shown first (0-based). */
  startIndex: number;
  /** Start the slideshow at once (never under prefers-reduced-motion). Off by default. */
  autoPlay?: boolean;
  /** Called when the viewer closes, with the picture shown last. */
  onClose: (index: number) => void;
}

/** Below this many pixels a pointer movement is a tap, not a swipe (react-swipeable's `delta`). */
const SWIPE_MIN_PX = 10;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

type Direction = 'next' | 'previous';

function ToolIcon({ path }: { path: string }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const ICONS = {
  play: 'M7 5l12 7-12 7z',
  pause: 'M8 5v14M16 5v14',
  enterFullscreen: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  exitFullscreen: 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5',
  close: 'M6 6l12 12M18 6L6 18',
} as const;

/**
 * The full picture viewer of the spec's image gallery (§2, §4, §9), opened from the car page's
 * reduced gallery: a full-screen dialog with the picture, previous/next, the 'n / N' index,
 * thumbnails at the bottom, autoplay (play/pause), the browser's full screen where it has one,
 * left/right keys (not while autoplay runs), Escape, swipe, infinite wrap and a fallback for a
 * picture that fails to load. Under prefers-reduced-motion slides change without animation and
 * autoplay never starts by itself.
 */
export function PictureViewer({ images, name, startIndex, autoPlay = false, onClose }: PictureViewerProps) {
  const count = images.length;
  const reducedMotion = useReducedMotion(undefined, { getInitialValueInEffect: false });
  const [index, setIndex] = useState(() => wrapIndex(startIndex, count));
  const [direction, setDirection] = useState<Direction | null>(null);
  const [playing, setPlaying] = useState(() => autoPlay && count > 1 && !prefersReducedMotion());
  // Pictures (and, apart, thumbnails: a small variant may fail alone) that failed to load.
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const [failedThumbs, setFailedThumbs] = useState<ReadonlySet<number>>(() => new Set());
  const [dragX, setDragX] = useState(0);
  const [fullscreen, setFullscreen] = useState(false);
  const viewer = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const swipe = useRef<{ x: number; time: number } | null>(null);
  const canFullscreen = typeof document.documentElement.requestFullscreen === 'function' && document.fullscreenEnabled;

  const go = (target: number, towards: Direction) => {
    if (count < 2) return;
    setDirection(towards);
    setIndex(wrapIndex(target, count));
  };
  const next = () => go(index + 1, 'next');
  const previous = () => go(index - 1, 'previous');

  // Restarted by every change of slide, so a manual step also gets its full interval.
  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = window.setTimeout(() => {
      setDirection('next');
      setIndex((current) => wrapIndex(current + 1, count));
    }, VIEWER_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [playing, index, count]);

  // Left and right arrows change the slide unless autoplay is running (spec §4).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (playing || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        go(index + 1, 'next');
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        go(index - 1, 'previous');
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  });

  // The neighbours load ahead, so a swipe, a key or the slideshow shows the next picture at once.
  useEffect(() => {
    if (count < 2) return;
    for (const neighbour of new Set([wrapIndex(index + 1, count), wrapIndex(index - 1, count)])) {
      const url = images[neighbour]?.url;
      if (url === undefined) continue;
      const preload = new Image();
      preload.sizes = '100vw';
      preload.srcset = imageSrcSet(url) ?? '';
      preload.src = url;
    }
  }, [index, count, images]);

  useEffect(() => {
    thumbs.current[index]?.scrollIntoView({ block: 'nearest', inline: 'center', behavior: reducedMotion ? 'auto' : 'smooth' });
  }, [index, reducedMotion]);

  useEffect(() => {
    if (!canFullscreen) return;
    // The dialog's content may mount after this effect (its transition): read the ref on each change.
    const sync = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === viewer.current);
    document.addEventListener('fullscreenchange', sync);
    return () => {
      document.removeEventListener('fullscreenchange', sync);
      // Closing the viewer (Close, or Escape once the browser has left full screen) leaves it too;
      // nothing else on the site goes full screen.
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, [canFullscreen]);

  const toggleFullscreen = () => {
    const element = viewer.current;
    if (!element) return;
    // The dialog already covers the window: a refused request (an iframe, a policy) changes nothing.
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void element.requestFullscreen().catch(() => undefined);
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (count < 2 || (event.pointerType === 'mouse' && event.button !== 0)) return;
    swipe.current = { x: event.clientX, time: performance.now() };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (swipe.current) setDragX(event.clientX - swipe.current.x);
  };
  const endSwipe = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = swipe.current;
    swipe.current = null;
    setDragX(0);
    if (!start) return;
    const deltaX = event.clientX - start.x;
    if (Math.abs(deltaX) < SWIPE_MIN_PX) return;
    const step = swipeStep(deltaX, performance.now() - start.time, stage.current?.clientWidth ?? 0);
    if (step === 1) next();
    else if (step === -1) previous();
  };
  const cancelSwipe = () => {
    swipe.current = null;
    setDragX(0);
  };

  const markFailed = (i: number) => setFailed((before) => (before.has(i) ? before : new Set(before).add(i)));
  const markThumbFailed = (i: number) => setFailedThumbs((before) => (before.has(i) ? before : new Set(before).add(i)));
  const close = () => onClose(index);
  const image = images[index];
  const label = (i: number) => `${name}, photo ${i + 1} of ${count}`;
  const animation = direction && !reducedMotion ? (direction === 'next' ? classes.fromRight : classes.fromLeft) : undefined;
  const stageStyle = { '--viewer-slide-duration': `${VIEWER_SLIDE_MS}ms` } as CSSProperties;

  return (
    <Modal.Root
      opened
      onClose={close}
      fullScreen
      // The gallery puts focus back on the picture shown last, which may not be the one opened.
      returnFocus={false}
      transitionProps={{ transition: 'fade', duration: reducedMotion ? 0 : 150 }}
    >
      <Modal.Content aria-label={`Photos of ${name}`} className={classes.content}>
        <div ref={viewer} className={classes.viewer}>
          <div className={classes.toolbar}>
            <p className={classes.title}>{name}</p>
            <p className={classes.index} aria-live={playing ? 'off' : 'polite'} aria-atomic="true">
              {viewerIndexText(index, count)}
            </p>
            <div className={classes.tools}>
              {count > 1 ? (
                <button
                  type="button"
                  className={classes.tool}
                  onClick={() => setPlaying((on) => !on)}
                  aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
                >
                  <ToolIcon path={playing ? ICONS.pause : ICONS.play} />
                </button>
              ) : null}
              {canFullscreen ? (
                <button type="button" className={classes.tool} onClick={toggleFullscreen} aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}>
                  <ToolIcon path={fullscreen ? ICONS.exitFullscreen : ICONS.enterFullscreen} />
                </button>
              ) : null}
              <button type="button" className={classes.tool} onClick={close} aria-label="Close" data-autofocus>
                <ToolIcon path={ICONS.close} />
              </button>
            </div>
          </div>

          <div
            ref={stage}
            className={classes.stage}
            style={stageStyle}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endSwipe}
            onPointerCancel={cancelSwipe}
            onPointerLeave={cancelSwipe}
          >
            {image === undefined ? null : failed.has(index) ? (
              <div key={index} className={`${classes.fallback} ${animation ?? ''}`} role="img" aria-label={`${label(index)} could not be loaded`}>
                <CarIcon size={96} />
                <span>Photo unavailable</span>
              </div>
            ) : (
              <img
                key={index}
                src={image.url}
                srcSet={imageSrcSet(image.url)}
                sizes="100vw"
                alt={label(index)}
                width={1200}
                height={800}
                draggable={false}
                decoding="async"
                onError={() => markFailed(index)}
                className={`${classes.picture} ${animation ?? ''}`}
                style={dragX === 0 ? undefined : { transform: `translateX(${dragX}px)` }}
              />
            )}
            {count > 1 ? (
              <>
                <button type="button" className={`${classes.arrow} ${classes.previous}`} onClick={previous} aria-label="Previous photo">
                  <ChevronIcon direction="left" size={28} />
                </button>
                <button type="button" className={`${classes.arrow} ${classes.next}`} onClick={next} aria-label="Next photo">
                  <ChevronIcon direction="right" size={28} />
                </button>
              </>
            ) : null}
          </div>

          {count > 1 ? (
            <ul className={classes.thumbs} aria-label="Choose a photo">
              {images.map((thumb, i) => (
                <li key={thumb.publicId}>
                  <button
                    ref={(element) => {
                      thumbs.current[i] = element;
                    }}
                    type="button"
                    className={classes.thumb}
                    onClick={() => go(i, i < index ? 'previous' : 'next')}
                    aria-label={`Show photo ${i + 1}`}
                    aria-current={i === index ? 'true' : undefined}
                  >
                    {failedThumbs.has(i) ? (
                      <span className={classes.thumbFallback}>
                        <CarIcon size={28} />
                      </span>
                    ) : (
                      <img
                        src={imageVariant(thumb.url, 160)}
                        alt=""
                        width={96}
                        height={64}
                        loading="lazy"
                        decoding="async"
                        onError={() => markThumbFailed(i)}
                      />
                    )}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </Modal.Content>
    </Modal.Root>
  );
}
