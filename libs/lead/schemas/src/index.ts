export * from './lead.constants';
export { oldestImportableYear } from './import-rule';
export * from './lead-forms.schemas';
export * from './lead.schemas';
export { normaliseKenyanPhone } from '@dealership/shared-schemas';
export { callBackTime, nairobiTime, openingSlots, slotProblem, TEST_DRIVE_HOURS_TEXT, TEST_DRIVE_SLOT_MINUTES, WEEKDAY_NAMES, weekdayOf } from './opening-hours';
