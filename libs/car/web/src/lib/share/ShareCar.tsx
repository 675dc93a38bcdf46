import type { Car } from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { rememberViewedCar } from '@dealership/web-session';
import { notifyError, notifySuccess, useSiteConfig } from '@dealership/web-ui';
import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { facebookShareHref, shareText, whatsappShareHref } from './share-links';

/** The toast after the car's address was copied. */
export const LINK_COPIED = 'Link copied';

const neverChanges = () => () => undefined;
const hasShareSheet = () => typeof navigator.share === 'function';

export interface ShareCarProps {
  car: Pick<Car, 'slug' | 'name' | 'price' | 'year' | 'images'>;
}

/**
 * "Share this car": WhatsApp and Facebook links (plain links, rendered on the server), copy the
 * address (with a toast), and the phone's own share sheet where the browser has one. It also
 * notes the car in the browser's "Recently viewed" list. Loaded after the car's page (see
 * DeferredShareCar), so none of this weighs on the page's first load.
 */
export function ShareCar({ car }: ShareCarProps) {
  const { publicUrl } = useSiteConfig();
  const url = `${publicUrl}${sitePath('car', { slug: car.slug })}`;
  // Known in the browser only: the server's HTML (and hydration) has the three buttons.
  const canShare = useSyncExternalStore(neverChanges, hasShareSheet, () => false);

  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    rememberViewedCar({ slug: car.slug, name: car.name, price: car.price, year: car.year, image: car.images[0]?.url });
    // Says which car's view is stored (the browser tests wait for it: this code loads after the
    // page, so a visitor, or a test, may leave before it has run). Set here, not rendered: the
    // server's HTML and hydration stay the same.
    group.current?.setAttribute('data-viewed-noted', car.slug);
  }, [car.slug, car.name, car.price, car.year, car.images]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess(LINK_COPIED);
    } catch {
      notifyError(`Could not copy the link: ${url}`);
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title: car.name, text: shareText(car, ''), url });
    } catch (error) {
      // The buyer closed the sheet: nothing to say. Anything else: copy instead.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
    }
  };

  return (
    <Group ref={group} gap="xs" aria-labelledby="share-heading" role="group">
      <Text size="sm" fw={600} c="gray.8" id="share-heading">
        Share this car:
      </Text>
      <Button component="a" href={whatsappShareHref(car, url)} target="_blank" rel="noopener noreferrer" size="compact-sm" variant="outline" color="green.8">
        WhatsApp
      </Button>
      <Button component="a" href={facebookShareHref(url)} target="_blank" rel="noopener noreferrer" size="compact-sm" variant="outline" color="blue.8">
        Facebook
      </Button>
      <Button size="compact-sm" variant="outline" color="gray.8" onClick={() => void copy()}>
        Copy link
      </Button>
      {canShare ? (
        <Button size="compact-sm" variant="outline" onClick={() => void share()}>
          More…
        </Button>
      ) : null}
    </Group>
  );
}
