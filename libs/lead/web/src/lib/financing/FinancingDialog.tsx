import { LeadDialog } from '../kinds/LeadDialog';
import { FinancingForm, type FinancingFormProps } from './FinancingForm';

export interface FinancingDialogProps extends Omit<FinancingFormProps, 'onSent'> {
  opened: boolean;
  onClose: () => void;
}

/** The financing form in a dialog (its own chunk: see `ApplyForFinancing`). */
export function FinancingDialog({ opened, onClose, ...terms }: FinancingDialogProps) {
  return (
    <LeadDialog title={terms.carName ? `Apply for financing of the ${terms.carName}` : 'Apply for financing'} opened={opened} onClose={onClose}>
      <FinancingForm {...terms} />
    </LeadDialog>
  );
}
