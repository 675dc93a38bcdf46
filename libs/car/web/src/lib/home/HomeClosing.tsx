import { HomeFaq } from './HomeFaq';
import { HomeFeatures } from './HomeFeatures';

/** The home page's last sections, the FAQ and what the dealer offers: far below the fold (Home.page defers them). */
export function HomeClosing() {
  return (
    <>
      <HomeFaq />
      <HomeFeatures />
    </>
  );
}
