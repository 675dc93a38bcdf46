// The screen lives in the setting feature lib (the rates are its data); this module is the route's
// lazy chunk boundary, and where the lead feature's application joins it: "Apply" opens the
// financing form with the calculator's terms (its dialog loads on click).
import { ApplyForFinancing } from '@dealership/lead-web';
import { FinancingPage as FinancingCalculator } from '@dealership/setting-web';

export function FinancingPage() {
  return <FinancingCalculator renderApply={(terms) => <ApplyForFinancing {...terms} />} />;
}
