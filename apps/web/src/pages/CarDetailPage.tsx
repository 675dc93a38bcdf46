// The route's lazy chunk boundary, and where the car page meets the lead and alert domains: the car
// feature lib renders the page, the lead feature lib the forms a buyer sends about the car, and the
// alert pages the price watch its link leads to, the inspection domain the car's inspection report.
import type { Car } from '@dealership/car-model';
import { CarDetailPage as CarDetail } from '@dealership/car-web';
import { CarInspection } from '@dealership/inspection-web';
import { ApplyForFinancing, AskAboutCar, BookTestDrive } from '@dealership/lead-web';
import { sitePath } from '@dealership/shared-schemas';
import { Anchor, SimpleGrid } from '@mantine/core';
import { Link } from 'react-router-dom';

/**
 * Ask about the car; test drive, financing and a price watch only while it can be ordered (the
 * dialogs load on click; the watch is the alert page, which is told the car's name).
 */
export function carEnquiries(car: Car, orderable: boolean) {
  return (
    <>
      <AskAboutCar car={car} />
      {orderable ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <BookTestDrive carId={car.id} carName={car.name} />
          {/* The form starts from the price, the usual 20% deposit and 48 months. */}
          <ApplyForFinancing carId={car.id} carName={car.name} price={car.price} months={48} />
        </SimpleGrid>
      ) : null}
      {orderable ? (
        <Anchor component={Link} to={`${sitePath('alerts', { page: 'watch' })}?car=${car.id}`} state={{ carName: car.name }} size="sm" ta="center">
          Tell me if the price drops
        </Anchor>
      ) : null}
    </>
  );
}

/** The car's inspection report (nothing when it has none). */
const carInspection = (car: Car) => <CarInspection carId={car.id} slug={car.slug} />;

export function CarDetailPage() {
  return <CarDetail enquiries={carEnquiries} inspection={carInspection} />;
}
