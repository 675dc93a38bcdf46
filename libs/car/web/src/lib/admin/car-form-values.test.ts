import { makeStaffCar } from '@dealership/web-ui/testing';
import { carFormValues, carInputOf, checkCarCreate, checkCarUpdate, EMPTY_CAR_FORM, fieldOfPath } from './car-form-values';

const picture = { url: '/media/cars/a.webp', publicId: 'cars/a' };

describe('car form values', () => {
  it('round-trip a saved car: blank optional specs are null, numbers stay numbers', () => {
    const car = makeStaffCar({ horsepower: 150, torque: null, warranty: null });
    const values = carFormValues(car);
    expect(values).toMatchObject({ horsepower: 150, torque: '', warranty: '', brandId: car.brand?.id });
    expect(carInputOf(values, car.images)).toMatchObject({ horsepower: 150, torque: null, warranty: null, price: car.price, images: car.images });
  });

  it('report the first problem of an empty create form: the brand', () => {
    expect(checkCarCreate(EMPTY_CAR_FORM, [])).toEqual({ ok: false, problem: { field: 'brandId', message: 'Car Brand is required' } });
    const withBrand = { ...EMPTY_CAR_FORM, brandId: '00000000-0000-4000-8000-000000000001' };
    expect(checkCarCreate(withBrand, [])).toEqual({ ok: false, problem: { field: 'images', message: 'Please Provide atleast one Image' } });
    expect(checkCarCreate(withBrand, [picture])).toEqual({ ok: false, problem: { field: 'name', message: 'Car name is required' } });
  });

  it('read number text and leave nonsense to the schema', () => {
    const values = { ...EMPTY_CAR_FORM, price: ' 1500 ', seats: 'many' };
    expect(carInputOf(values, [])).toMatchObject({ price: 1500, seats: 'many' });
  });

  it('say a blank required field is required on update too, and never send the brand', () => {
    const car = makeStaffCar();
    const values = { ...carFormValues(car), price: '' };
    expect(checkCarUpdate(car.id, values, car.images)).toEqual({ ok: false, problem: { field: 'price', message: 'Price is required' } });
    const ok = checkCarUpdate(car.id, carFormValues(car), car.images);
    expect(ok.ok && ok.input).toMatchObject({ id: car.id, name: car.name });
    expect(ok.ok && ok.input).not.toHaveProperty('brandId');
  });

  it('map server paths to fields', () => {
    expect(fieldOfPath('images.0')).toBe('images');
    expect(fieldOfPath('brandId')).toBe('brandId');
    expect(fieldOfPath('image')).toBeUndefined();
  });
});
