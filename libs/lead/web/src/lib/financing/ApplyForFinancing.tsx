import { lazy } from 'react';
import { DialogButton } from '../kinds/DialogButton';

// The dialog and its form are their own chunk, fetched when a visitor reaches for the button.
const loadFinancingDialog = () => import('./FinancingDialog');
const FinancingDialog = lazy(async () => ({ default: (await loadFinancingDialog()).FinancingDialog }));
const preloadFinancingDialog = () => void loadFinancingDialog();

export interface ApplyForFinancingProps {
  carId?: string;
  carName?: string;
  /** KES: the form starts from these terms (a price alone starts with the usual 20% deposit). */
  price?: number;
  deposit?: number;
  months?: number;
}

/** "Apply for financing": the financing form in a dialog, prefilled with the terms given. */
export function ApplyForFinancing(terms: ApplyForFinancingProps) {
  return (
    <DialogButton
      label="Apply for financing"
      preload={preloadFinancingDialog}
      dialog={(opened, close) => <FinancingDialog {...terms} opened={opened} onClose={close} />}
    />
  );
}
