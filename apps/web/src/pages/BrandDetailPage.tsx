// The route's lazy chunk boundary, and where the brand page meets the listing: the brand feature
// lib renders the page and its cards, the car feature lib the filters, sort and pages of /cars with
// the brand fixed (issue 30).
import { BrandDetailPage as BrandDetail } from '@dealership/brand-web';
import { CarListing, useBrandListing } from '@dealership/car-web';
import { useParams } from 'react-router-dom';

export function BrandDetailPage() {
  const { slug = '' } = useParams();
  const listing = useBrandListing(slug);
  return (
    <BrandDetail
      inventory={{
        cars: listing.list.data,
        refined: listing.refined,
        render: ({ renderCard, empty }) => <CarListing listing={listing} renderCard={renderCard} empty={empty} />,
      }}
    />
  );
}
