import { CAROUSEL_INTERVAL_MS, CAROUSEL_SLIDES, type Car } from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { formatKes } from '@dealership/shared-util';
import { ChevronIcon, imageSrcSet } from '@dealership/web-ui';
import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import classes from './FeaturedCarousel.module.css';

export interface FeaturedCarouselProps {
  cars: Car[] | undefined;
  isLoading: boolean;
}

/**
 * The home page's featured cars (spec §2, §9): 5 slides, each a name and a starting price,
 * advancing every 5 s, with previous/next buttons and dots. It pauses while hovered or focused
 * so a visitor can read a slide or use the controls.
 */
export function FeaturedCarousel({ cars, isLoading }: FeaturedCarouselProps) {
  const slides = (cars ?? []).slice(0, CAROUSEL_SLIDES);
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const current = count > 0 ? index % count : 0;

  // Restarted by every change of slide, so a manual step also gets its full 5 s.
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [paused, count, current]);

  if (isLoading) return <Skeleton className={classes.viewport} radius="lg" aria-label="Loading featured cars" />;
  if (count === 0) return null;

  const go = (next: number) => setIndex((next + count) % count);

  return (
    <section
      className={classes.root}
      aria-roledescription="carousel"
      aria-label="Featured cars"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
    >
      <div className={classes.viewport}>
        <div className={classes.track} style={{ transform: `translateX(-${current * 100}%)` }} aria-live={paused ? 'polite' : 'off'}>
          {slides.map((car, i) => {
            const image = car.images[0];
            const active = i === current;
            return (
              <div
                key={car.id}
                className={classes.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                aria-hidden={!active}
                inert={!active}
              >
                {image ? (
                  <img
                    src={image.url}
                    srcSet={imageSrcSet(image.url)}
                    sizes="(min-width: 62em) 600px, 100vw"
                    alt=""
                    width={600}
                    height={400}
                    // The first slide is what a visitor sees first: loaded at once, first, and
                    // preloaded from the page's head; the others wait until they are near.
                    loading={i === 0 ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : undefined}
                    decoding={i === 0 ? undefined : 'async'}
                    className={classes.image}
                  />
                ) : null}
                <Link to={sitePath('car', { slug: car.slug })} className={classes.caption}>
                  <span className={classes.name}>{car.name}</span>
                  <span className={classes.price}>Starting from {formatKes(car.price)}</span>
                </Link>
              </div>
            );
          })}
        </div>
        {count > 1 ? (
          <>
            <button type="button" className={`${classes.arrow} ${classes.prev}`} onClick={() => go(current - 1)} aria-label="Previous slide">
              <ChevronIcon direction="left" />
            </button>
            <button type="button" className={`${classes.arrow} ${classes.next}`} onClick={() => go(current + 1)} aria-label="Next slide">
              <ChevronIcon direction="right" />
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className={classes.dots}>
          {slides.map((car, i) => (
            <button
              key={car.id}
              type="button"
              className={classes.dot}
              aria-label={`Show slide ${i + 1}: ${car.name}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
