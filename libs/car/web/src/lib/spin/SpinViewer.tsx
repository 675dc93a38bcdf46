// The viewer's stylesheets come with its chunk (it loads when the button is first used), in Mantine's order.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import type { CarSpin } from '@dealership/car-schemas';
import { ChevronIcon, imageVariant } from '@dealership/web-ui';
import { Modal } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { dragStepPx, frameAfterDrag, frameAfterKey, frameAlt, wrapFrame } from './spin-frames';
import classes from './SpinViewer.module.css';

export interface SpinViewerProps {
  frames: CarSpin['frames'];
  /** The car as the frames' alt text names it ("Toyota Prado 2019"). */
  label: string;
  onClose: () => void;
}

/** The stored variant for the stage's width on this screen (the dialog is at most 900 px wide). */
function frameWidth(): number {
  const css = Math.min(window.innerWidth, 900);
  return Math.min(1200, Math.ceil(css * (window.devicePixelRatio || 1)));
}

/**
 * The 360-degree view (issue 44): a dialog whose stage shows one frame of the car's spin set and
 * turns with a drag or a swipe (pointer events), the left and right arrow keys (the stage takes
 * focus when the dialog opens) and two buttons. The first frame loads at once; the others load
 * after it, while the buyer looks, each once (they are the same variant, so the cache serves a turn).
 */
export function SpinViewer({ frames, label, onClose }: SpinViewerProps) {
  const count = frames.length;
  const [index, setIndex] = useState(0);
  const [loaded, setLoaded] = useState(1);
  const [firstShown, setFirstShown] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; start: number; step: number } | null>(null);
  const urls = useMemo(() => {
    const width = frameWidth();
    return frames.map((frame) => imageVariant(frame.url, width));
  }, [frames]);

  // The rest of the set, once the first frame is on screen: it never competes with it.
  useEffect(() => {
    if (!firstShown) return;
    const images = urls.slice(1).map((url) => {
      const image = new Image();
      image.decoding = 'async';
      image.onload = image.onerror = () => setLoaded((n) => n + 1);
      image.src = url;
      return image;
    });
    return () => {
      for (const image of images) image.onload = image.onerror = null;
    };
  }, [firstShown, urls]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { x: event.clientX, start: index, step: dragStepPx(event.currentTarget.clientWidth, count) };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (start) setIndex(frameAfterDrag(start.start, event.clientX - start.x, start.step, count));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = frameAfterKey(event.key, index, count);
    if (target === null) return;
    event.preventDefault();
    setIndex(target);
  };

  const turn = (by: number) => setIndex((current) => wrapFrame(current + by, count));

  return (
    <Modal
      opened
      onClose={onClose}
      title="360-degree view"
      size="900px"
      centered
      fullScreen={window.innerWidth < 576}
      classNames={{ body: classes.body }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <p className={classes.hint}>Drag or swipe the car to turn it, or use the left and right arrow keys.</p>
      <div
        ref={stage}
        className={classes.stage}
        tabIndex={0}
        role="group"
        aria-roledescription="360-degree view"
        aria-label={`${label}: drag, swipe or use the left and right arrow keys to turn the car`}
        data-autofocus
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <img
          src={urls[index]}
          alt={frameAlt(label, index, count)}
          width={1200}
          height={800}
          draggable={false}
          className={classes.frame}
          onLoad={() => setFirstShown(true)}
        />
      </div>
      <div className={classes.controls}>
        <button type="button" className={classes.turn} onClick={() => turn(-1)} aria-label="Turn left">
          <ChevronIcon direction="left" size={24} />
        </button>
        <p className={classes.status}>{loaded < count ? `Loading frames… ${loaded} of ${count}` : `Frame ${index + 1} of ${count}`}</p>
        <button type="button" className={classes.turn} onClick={() => turn(1)} aria-label="Turn right">
          <ChevronIcon direction="right" size={24} />
        </button>
      </div>
    </Modal>
  );
}
