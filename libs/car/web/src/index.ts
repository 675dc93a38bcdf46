export { CarCard, CAR_CARD_IMAGE, type CarCardProps } from './lib/CarCard/CarCard';
export { LatestCars, type LatestCarsProps } from './lib/LatestCars/LatestCars';
export { HomePage } from './lib/pages/Home.page';
