import { trpc } from '@dealership/web-trpc-client';
import { Button } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import classes from './SpinButton.module.css';

// The viewer is its own chunk, fetched when a buyer reaches for the button (the car page keeps its 150 KB first load).
const loadSpinViewer = () => import('./SpinViewer');
const SpinViewer = lazy(async () => ({ default: (await loadSpinViewer()).SpinViewer }));
const preloadSpinViewer = () => void loadSpinViewer();

export interface SpinButtonProps {
  carId: string;
  /** The car as the frames' alt text names it ("Toyota Prado 2019"). */
  label: string;
}

/**
 * "View in 360°" on a car that has a spin set (nothing on one without): it opens the 360-degree
 * viewer. Read after the page is on screen; placed over the gallery, so it moves nothing when it appears.
 */
export function SpinButton({ carId, label }: SpinButtonProps) {
  const spin = trpc.car.spin.useQuery({ carId }, { staleTime: 5 * 60_000 });
  const [open, setOpen] = useState(false);
  const frames = spin.data?.frames ?? [];
  if (frames.length === 0) return null;
  return (
    <>
      <Button
        className={classes.button}
        size="sm"
        color="navy.8"
        leftSection={<SpinIcon />}
        onClick={() => setOpen(true)}
        onPointerEnter={preloadSpinViewer}
        onFocus={preloadSpinViewer}
      >
        View in 360°
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SpinViewer frames={frames} label={label} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function SpinIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 12c0-2.2 3.6-4 8-4s8 1.8 8 4-3.6 4-8 4m0 0 2.5-2.5M12 16l2.5 2.5M7 15.3C5.2 14.6 4 13.4 4 12"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The car page's gallery cell with "View in 360°" over its corner when the car has a spin set. */
export function SpinGalleryCell({ children, ...spin }: SpinButtonProps & { children: ReactNode }) {
  return (
    <div className={classes.cell}>
      {children}
      <SpinButton {...spin} />
    </div>
  );
}
