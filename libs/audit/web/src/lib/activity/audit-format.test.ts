import { actionLabel, changeSummary, describeEvent, entityName, fieldLabel, formatValue, recordName } from './audit-format';

const actor = { id: null, name: 'Amina', email: 'amina@mail.co.ke' };

describe('audit-format', () => {
  it('names fields, entities and actions for people', () => {
    expect(fieldLabel('fuelType')).toBe('Fuel type');
    expect(fieldLabel('price')).toBe('Price');
    expect(fieldLabel('zeroTo100')).toBe('Zero to100');
    expect(entityName('brand')).toBe('Brand');
    expect(actionLabel('setStatus')).toBe('Status changed');
    expect(actionLabel('removeImage')).toBe('Picture removed');
  });

  it('formats recorded values as short text', () => {
    expect(formatValue(undefined)).toBe('—');
    expect(formatValue(null)).toBe('—');
    expect(formatValue('')).toBe('—');
    expect(formatValue(true)).toBe('Yes');
    expect(formatValue(false)).toBe('No');
    expect(formatValue(1150000)).toBe('1,150,000');
    expect(formatValue('Petrol')).toBe('Petrol');
    expect(formatValue('x'.repeat(200))).toHaveLength(120);
    expect(formatValue([{ url: '/media/a.webp', publicId: 'a' }])).toBe('1 picture');
    expect(formatValue([{ url: '/a' }, { url: '/b' }])).toBe('2 pictures');
    expect(formatValue([])).toBe('none');
    expect(formatValue(['SUV', 'Sedan'])).toBe('SUV, Sedan');
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
  });

  it('finds the record name in the changes, on either side', () => {
    expect(recordName({ changes: { name: { after: 'Toyota Vitz' } } })).toBe('Toyota Vitz');
    expect(recordName({ changes: { name: { before: 'Mazda' } } })).toBe('Mazda');
    expect(recordName({ changes: { price: { before: 1, after: 2 } } })).toBeUndefined();
    // The label the server recorded wins: it names the record even when the name did not change.
    expect(recordName({ label: 'Subaru Forester', changes: { price: { before: 1, after: 2 } } })).toBe('Subaru Forester');
  });

  it('summarises the changed fields in one line', () => {
    expect(changeSummary({ action: 'setStatus', changes: { status: { before: 'Not Process', after: 'Shipped' } } })).toBe('Not Process → Shipped');
    expect(changeSummary({ action: 'update', changes: { price: {}, mileage: {} } })).toBe('Price, Mileage');
    expect(changeSummary({ action: 'update', changes: { price: {}, mileage: {}, fuelType: {}, seats: {}, year: {} } })).toBe(
      'Price, Mileage, Fuel type and 2 more',
    );
    expect(changeSummary({ action: 'create', changes: { name: {}, price: {} } })).toBe('2 fields');
    expect(changeSummary({ action: 'remove', changes: { name: {} } })).toBe('1 field');
    expect(changeSummary({ action: 'update', changes: {} })).toBe('No field changes');
  });

  it('describes an event in a sentence', () => {
    expect(describeEvent({ actor, entity: 'car', action: 'update', label: null, changes: { name: { before: 'Vitz', after: 'Toyota Vitz' } } })).toBe(
      'Amina updated car ‘Toyota Vitz’',
    );
    expect(describeEvent({ actor, entity: 'order', action: 'setStatus', label: null, changes: { status: { before: 'Processing', after: 'Shipped' } } })).toBe(
      'Amina changed the status of order',
    );
    expect(describeEvent({ actor, entity: 'brand', action: 'removeImage', label: null, changes: {} })).toBe('Amina removed a picture of brand');
    expect(describeEvent({ actor, entity: 'brand', action: 'removeImage', label: 'Mazda', changes: {} })).toBe('Amina removed a picture of brand ‘Mazda’');
    expect(describeEvent({ actor, entity: 'car', action: 'remove', label: 'Subaru Forester', changes: {} })).toBe('Amina deleted car ‘Subaru Forester’');
  });

  it('does not repeat the entity when the name already says it', () => {
    const statusChange = { status: { before: 'Not Process', after: 'Shipped' } };
    expect(describeEvent({ actor, entity: 'order', action: 'setStatus', label: 'Order of Juma', changes: statusChange })).toBe(
      'Amina changed the status of ‘Order of Juma’',
    );
    expect(describeEvent({ actor, entity: 'order', action: 'remove', label: 'order of Juma', changes: {} })).toBe('Amina deleted ‘order of Juma’');
    // Only a whole word counts: a car named 'Cargo Van' is still introduced as a car.
    expect(describeEvent({ actor, entity: 'car', action: 'create', label: 'Cargo Van', changes: {} })).toBe('Amina created car ‘Cargo Van’');
    expect(describeEvent({ actor, entity: 'brand', action: 'update', label: 'Brandt', changes: {} })).toBe('Amina updated brand ‘Brandt’');
  });
});
