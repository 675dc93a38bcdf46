import { sitePath } from '@dealership/shared-schemas';
import { formatKes } from '@dealership/shared-util';
import { imageSrcSet } from '@dealership/web-ui';
import { Badge } from '@mantine/core';
import { Link } from 'react-router-dom';
import classes from './CarStrip.module.css';

/** A car in a strip: its page, picture, year, name and price. */
export interface StripCar {
  slug: string;
  name: string;
  price: number;
  year: number;
  image?: string;
}

/** One row of small car links that scrolls sideways ("Recently viewed", "Recently sold"). */
export function CarStrip({ cars, sold = false }: { cars: StripCar[]; sold?: boolean }) {
  return (
    <ul className={classes.strip}>
      {cars.map((car) => (
        <li key={car.slug} className={classes.item}>
          <Link to={sitePath('car', { slug: car.slug })} className={classes.link}>
            <span className={classes.media}>
              {car.image ? (
                <img
                  src={car.image}
                  srcSet={imageSrcSet(car.image)}
                  sizes="200px"
                  alt=""
                  width={200}
                  height={133}
                  loading="lazy"
                  decoding="async"
                  className={classes.image}
                />
              ) : (
                <span className={classes.image} />
              )}
              {sold ? (
                <Badge color="red.8" variant="filled" className={classes.badge}>
                  Sold
                </Badge>
              ) : null}
            </span>
            <span className={classes.name}>
              {car.year} {car.name}
            </span>
            <span className={classes.price}>{formatKes(car.price)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
