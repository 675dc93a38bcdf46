/**
 * The admin car screens' words, spec §2, §5 and §8 (typos and spacing kept as given), so the
 * screens and their tests read one source.
 */
export const ADMIN_CAR_COPY = {
  listTitle: 'All Cars',
  createTitle: 'Create Car',
  updateTitle: 'Update Car',
  createButton: 'Create Car',
  updateButton: 'Update Car',
  cancelButton: 'Cancel',
  viewButton: 'View',
  editButton: 'Update',
  deleteButton: 'Delete',
  featuredMark: 'Featured',
  brandNotice: 'The brand cannot be changed once allocated.',

  deleteTitle: 'Confirm Deletion',
  deleteQuestion: 'Are you sure you want to delete this car? This action cannot be undone.',
  deleteCancel: 'Cancel',
  deleteConfirm: 'Confirm',
  deleting: 'Deleting ...',
  deleted: 'Car Deleted Successfully',
  deleteFailed: 'Error in Deleting car',

  created: 'Car Created Successfully',
  createFailed: 'Error in Car creation',
  createException: 'Too many Images Uploaded. Please reduce Number of Images, You can Edit the product Later.',

  updating: 'Updating...',
  updated: 'Car Updated Successfully',

  imageDeleted: 'Image deleted',
  imageDeleteFailed: 'Error in deleting Image',
  removingImage: 'Saving waits until the picture is deleted.',

  brandsFailed: 'Could not load the brands.',
  retry: 'Try again',

  // Trade-ins to list (issue 46): a delivered order's trade-in, waiting to be listed.
  tradeInsTitle: 'Trade-ins to list',
  tradeInsHint: 'Cars taken in with delivered orders. List each one, or dismiss it if it is not for the catalogue.',
  createListing: 'Create listing',
  dismissTradeIn: 'Dismiss',
  dismissTitle: 'Dismiss this trade-in?',
  dismissQuestion: 'It leaves this list and no car is listed for it. This cannot be undone.',
  dismissConfirm: 'Dismiss',
  dismissed: 'Trade-in dismissed',
  dismissFailed: 'Could not dismiss the trade-in',
  listingTradeIn: 'Listing a trade-in',
  listingNotice: 'Its photos and details are filled in below: check them and add the rest. Its purchase cost (the offer) is added to the car when it is created.',
  tradeInGone: 'This trade-in was already listed or dismissed.',

  notFoundTitle: 'Car not found',
  notFoundText: 'No car has this address. It may have been deleted or renamed.',
  backToList: 'Back to the cars list',
} as const;

/** Spec §8: the create-car request exception stays 10 seconds. */
export const CREATE_EXCEPTION_TOAST_MS = 10_000;

/** Cards per page of the admin list (fills 1, 2 and 3 columns evenly). */
export const ADMIN_CARS_PAGE_SIZE = 12;

/** Typing pauses this long before the list is searched. */
export const ADMIN_SEARCH_DEBOUNCE_MS = 350;

/**
 * Field labels: the spec's Update Car list, used on Create Car too, plus the fields the spec's
 * list leaves out.
 */
export const CAR_FIELD_LABELS = {
  brandId: 'Car Brand',
  images: 'Car Images',
  name: 'Car Name',
  description: 'Car Description',
  price: 'Car Price',
  fuelType: 'Fuel Type',
  transmission: 'Transmission Type',
  engineSize: 'Engine Size',
  mileage: 'Car Mileage',
  year: 'Year of Manufacture',
  seats: 'Seats',
  drive: 'Drive Type',
  horsepower: 'Horsepower',
  torque: 'Torque',
  accelerationSeconds: 'Acceleration',
  groundClearanceMm: 'Ground Clearance',
  fuelTankLitres: 'Fuel Tank Capacity',
  safetyRating: 'Safety Rating',
  bodyType: 'Body Type',
  condition: 'Condition',
  status: 'Status',
  featured: 'Featured',
  warranty: 'Warranty',
  model: 'Model',
  exteriorColour: 'Exterior Colour',
  interiorColour: 'Interior Colour',
  stockNumber: 'Stock Number',
  chassisNumber: 'Chassis No. / VIN',
} as const;

/** Hints under the vehicle data fields. */
export const VEHICLE_FIELD_HINTS = {
  model: 'As buyers search it ("Land Cruiser Prado"). Blank on a new car: read from the name.',
  stockNumber: 'Letters, digits, hyphens. Blank on a new car: the next free number.',
  chassisNumber: 'A 17-character VIN or a chassis number like NZE161-1234567. The public sees its last 6 characters only.',
} as const;

export type CarFieldName = keyof typeof CAR_FIELD_LABELS;
