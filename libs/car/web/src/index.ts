export { CarCard, type CarCardProps } from './lib/CarCard/CarCard';
export { CarGrid, CarGridSkeleton, CAR_GRID_COLS, type CarGridProps } from './lib/CarGrid/CarGrid';
export { LatestCars, type LatestCarsProps } from './lib/LatestCars/LatestCars';
export { HomePage } from './lib/pages/Home.page';
export { CarsPage } from './lib/pages/Cars.page';
export { LISTING_PAGE_SIZE } from './lib/listing/CarListing';
export { CarSearchPage } from './lib/pages/CarSearch.page';
export { CarDetailPage } from './lib/pages/CarDetail.page';
export { CartPage } from './lib/pages/Cart.page';
