import type { Locator } from '@playwright/test';

/** An 8x6 PNG, as a phone's gallery would hand over a photo of the car. */
const PNG_8x6 = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMwTpuJFTEMpAQAvYY5YeechNwAAAAASUVORK5CYII=';

/** What the trade-in form (/services) is given below: a 2015 Toyota Fielder, 98,000 km, in good condition. */
export const TRADE_IN_CAR = { make: 'Toyota', model: 'Fielder', year: 2015, mileage: 98000, condition: 'Good' } as const;

/** Fills the trade-in form's car and the buyer's name and phone (0733 444 555), as a buyer types them. */
export async function fillTradeIn(form: Locator, name: string): Promise<void> {
  await form.getByRole('textbox', { name: /Make/ }).fill(TRADE_IN_CAR.make);
  await form.getByRole('textbox', { name: /Model/ }).fill(TRADE_IN_CAR.model);
  await form.getByRole('textbox', { name: /Year/ }).fill(String(TRADE_IN_CAR.year));
  await form.getByRole('textbox', { name: /Mileage/ }).fill(String(TRADE_IN_CAR.mileage));
  await form.getByRole('combobox', { name: /Condition/ }).selectOption(TRADE_IN_CAR.condition);
  await form.getByRole('textbox', { name: /Your name/ }).fill(name);
  await form.getByRole('textbox', { name: /Phone/ }).fill('0733 444 555');
}

/** Picks a photo of the car (fielder.png) in the trade-in form, as from the phone's gallery. */
export async function pickTradeInPhoto(form: Locator): Promise<void> {
  await form.getByLabel('Choose photos of your car').setInputFiles({ name: 'fielder.png', mimeType: 'image/png', buffer: Buffer.from(PNG_8x6, 'base64') });
}
