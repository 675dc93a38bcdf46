// The route's lazy chunk boundary, and where the car page meets the lead domain: the car feature
// lib renders the page, the lead feature lib the forms a buyer sends about the car.
import type { Car } from '@dealership/car-model';
import { CarDetailPage as CarDetail } from '@dealership/car-web';
import { ApplyForFinancing, AskAboutCar, BookTestDrive } from '@dealership/lead-web';
import { SimpleGrid } from '@mantine/core';

/** Ask about the car; test drive and financing only while it can be ordered (their dialogs load on click). */
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
    </>
  );
}

export function CarDetailPage() {
  return <CarDetail enquiries={carEnquiries} />;
}
