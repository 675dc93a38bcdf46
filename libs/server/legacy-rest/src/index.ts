export { LegacyMessageBodySchema, type LegacyMessageBody } from './legacy-bodies';
export { readLegacyForm, type LegacyForm, type LegacyFormFile } from './legacy-form';
export { fromLegacyImage, LegacyImageSchema, toLegacyImage, type LegacyImage, type StoredImage } from './legacy-image';
export { listOf, parseLegacyInput } from './legacy-input';
