/**
 * The words of the brand admin screens, in one place so the screens and their tests agree. The
 * quoted spec texts (§2, §8) are kept exactly as the legacy site wrote them, typos included.
 */
export const BRAND_ADMIN_COPY = {
  nameLabel: 'Brand Name',
  imageLabel: 'Brand Image',
  imageHint: 'One picture at a time; it is resized in your browser and must end up within 200 KB.',
  createButton: 'Create Brand',
  createTitle: 'Create Brand',
  creating: 'Creating brand…',
  created: 'Brand Created Successfully',
  listTitle: 'All Brands',
  loadingList: 'Loading brands…',
  listError: 'Could not load the brands',
  noBrands: 'No brands yet.',
  noMatch: 'No brand matches this name.',
  filterLabel: 'Filter by name',
  filterPlaceholder: 'Type a brand name',
  edit: 'Edit',
  delete: 'Delete',
  cancel: 'Cancel',
  editTitle: 'Edit Brand',
  currentImagesHint: 'The first picture is the logo shown. Removing a saved picture deletes it at once; new ones are added when you press Submit.',
  changeImage: 'Change this Image',
  submit: 'Submit',
  updating: 'Updating...',
  updated: 'Brand Updated Successfully',
  updateFailed: 'Error Occured in Updating Brand',
  imageDeleted: 'Image deleted',
  imageDeleteFailed: 'Error in deleting Image',
  deleteTitle: 'Delete Brand',
  deleting: 'Deleting ...',
  deleted: 'Brand Deleted Successfully',
} as const;

/** Spec §8 "Brand delete not successful", with the name filled in (the legacy site showed the raw `${name}`). */
export const brandDeleteFailedMessage = (name: string) => `Failed to Delete ${name} Brand`;

/** The delete dialog's warning (spec §2 gives its points, not its words). */
export const brandDeleteWarning = (name: string) =>
  `Every car of ${name} will lose its brand and can no longer be found by searching or filtering by brand. This cannot be undone.`;

/** The delete dialog's suggestion of an edit instead. */
export const BRAND_DELETE_SUGGESTION = 'To rename the brand or change its logo, use Edit instead.';

/** Label of a row's actions, naming the brand (several "Edit" buttons share a screen). */
export const brandActionLabel = (action: 'Edit' | 'Delete', name: string) => `${action} ${name}`;
