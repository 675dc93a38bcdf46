import { deferredComponent } from '@dealership/web-ui';
import type { EnquiryFormProps } from '../enquiry/EnquiryForm';
import type { ImportRequestFormProps } from '../import/ImportRequestForm';
import type { TradeInFormProps } from '../trade-in/TradeInForm';

// The lead forms written into /services and /contact, below their pages' fold: their code (the form
// library, the inputs, the photo upload) comes after the page's, which keeps those routes within
// the 150 KB budget (bundle-check). See deferredComponent.

/** The enquiry form (kind `enquiry`), as on /contact. */
export const DeferredEnquiryForm = deferredComponent<EnquiryFormProps>(async () => (await import('../enquiry/EnquiryForm')).EnquiryForm, {
  source: 'libs/lead/web/src/lib/enquiry/EnquiryForm.tsx',
  minHeight: 420,
  label: 'Loading the form…',
});

/** The import-on-behalf form (kind `import`), as on /services. */
export const DeferredImportRequestForm = deferredComponent<ImportRequestFormProps>(
  async () => (await import('../import/ImportRequestForm')).ImportRequestForm,
  { source: 'libs/lead/web/src/lib/import/ImportRequestForm.tsx', minHeight: 640, label: 'Loading the form…' },
);

/** The trade-in form (kind `trade-in`), as on /services. */
export const DeferredTradeInForm = deferredComponent<TradeInFormProps>(async () => (await import('../trade-in/TradeInForm')).TradeInForm, {
  source: 'libs/lead/web/src/lib/trade-in/TradeInForm.tsx',
  minHeight: 640,
  label: 'Loading the form…',
});
