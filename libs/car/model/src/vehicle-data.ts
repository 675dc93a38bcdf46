// The vehicle data only the admin form and the server use (the model rule's list, colour
// suggestions, the public part of a chassis number). Kept out of car.constants, which every public
// page loads: a constant used by the admin chunk too would ride in that shared chunk.

/**
 * Models whose names are more than one word, per brand (as buyers write them): `modelFromName`
 * takes the longest of these that a car's name starts with (after its brand), else the first word.
 * Migration 0034_car_model filled the models of existing cars by the same rule from a copy of this
 * list; the admin form offers the brand's models as suggestions.
 */
export const MULTI_WORD_MODELS: Readonly<Record<string, readonly string[]>> = {
  Toyota: [
    'Land Cruiser Prado',
    'Land Cruiser V8',
    'Land Cruiser',
    'Corolla Axio',
    'Corolla Fielder',
    'Corolla Cross',
    'Mark X',
    'Mark II',
    'Town Ace',
    'Lite Ace',
  ],
  'Land Rover': ['Range Rover Sport', 'Range Rover Evoque', 'Range Rover Velar', 'Range Rover', 'Discovery Sport'],
  Volkswagen: ['Polo Vivo'],
  Mitsubishi: ['Pajero Sport', 'Eclipse Cross'],
};

/**
 * Colours the admin form suggests for the body and the cabin. Colours stay free text (at most
 * `COLOUR_MAX_LENGTH`): dealers copy the maker's name from the auction sheet ("Pearl White",
 * "Dark Blue Mica"), which a fixed list would lose; the suggestions keep the common ones spelled
 * one way.
 */
export const EXTERIOR_COLOUR_SUGGESTIONS = [
  'White',
  'Pearl White',
  'Black',
  'Silver',
  'Grey',
  'Blue',
  'Dark Blue',
  'Red',
  'Wine Red',
  'Green',
  'Brown',
  'Beige',
  'Gold',
  'Orange',
  'Yellow',
] as const;
export const INTERIOR_COLOUR_SUGGESTIONS = ['Black', 'Grey', 'Beige', 'Brown', 'Tan', 'Cream', 'Red', 'Black and Grey'] as const;
export const COLOUR_MAX_LENGTH = 40;

/** How many characters of a chassis number or VIN the public sees (the end of it; staff see it whole). */
export const CHASSIS_PUBLIC_CHARACTERS = 6;

/**
 * The model a car's name states, when the name starts with its brand's ("Toyota Land Cruiser
 * Prado TX-L 2.8" of Toyota -> "Land Cruiser Prado"): after the brand, the longest of the brand's
 * `MULTI_WORD_MODELS` the rest starts with (whole words, any case, spelled as the list spells it),
 * else the rest's first word ("Toyota Harrier 2.0 Premium" -> "Harrier"). A name that does not
 * start with its brand's name gives "" (unknown: staff set it), as does a car without a brand.
 * Migration 0034_car_model applied this rule to the cars that existed before the field.
 */
export function modelFromName(brandName: string | null | undefined, carName: string): string {
  if (!brandName) return '';
  const name = carName.trim().replace(/\s+/g, ' ');
  const brand = brandName.trim().replace(/\s+/g, ' ');
  if (!name.toLowerCase().startsWith(`${brand.toLowerCase()} `)) return '';
  const rest = name.slice(brand.length + 1);
  const known = Object.entries(MULTI_WORD_MODELS).find(([b]) => b.toLowerCase() === brand.toLowerCase())?.[1] ?? [];
  const longestFirst = [...known].sort((a, b) => b.length - a.length);
  const match = longestFirst.find((model) => rest.toLowerCase() === model.toLowerCase() || rest.toLowerCase().startsWith(`${model.toLowerCase()} `));
  return match ?? rest.split(' ')[0];
}
