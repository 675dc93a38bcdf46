// The lead contract's zod schemas, for the buyers' forms. Imported only dynamically
// (lazy-contract.ts), so they and zod come in a chunk of their own, fetched on a form's first focus.
export {
  FinancingLeadSchema,
  ImportLeadSchema,
  LeadCreateInputSchema,
  leadCreateInputSchemaFor,
  TestDriveLeadSchema,
  testDriveLeadSchemaFor,
  TradeInLeadSchema,
} from '@dealership/lead-schemas';
