import { makeCar, renderWithProviders } from '@dealership/web-ui/testing';
import { screen, within } from '@testing-library/react';
import { techSpecRows, TechSpecs } from './TechSpecs';

describe('techSpecRows', () => {
  it('always has the six base rows, formatted as the spec says', () => {
    const car = makeCar({ fuelType: 'Diesel', mileage: 49_000, drive: '4 WD', engineSize: 2800, transmission: 'Automatic', year: 2019 });
    expect(techSpecRows(car).slice(0, 6)).toEqual([
      { label: 'Fuel Type', value: 'Diesel' },
      { label: 'Mileage', value: '49,000 Kms' },
      { label: 'Drive Type', value: '4 WD' },
      { label: 'Engine Size', value: '2800 cc' },
      { label: 'Transmission', value: 'Automatic' },
      { label: 'Year', value: '2019' },
    ]);
  });

  it('adds the optional rows only when present', () => {
    const car = makeCar({ seats: 7, fuelTankLitres: 87, accelerationSeconds: 12.7, horsepower: 174, safetyRating: 5, groundClearanceMm: 215, torque: 450 });
    expect(techSpecRows(car).slice(6, 13)).toEqual([
      { label: 'Seats', value: '7' },
      { label: 'Fuel Capacity', value: '87 Litres' },
      { label: '0-100 km/h', value: '12.7 seconds' },
      { label: 'Horse Power', value: '174 Hp' },
      { label: 'Safety Rating', value: '5 stars' },
      { label: 'Ground Clearance', value: '215 mm' },
      { label: 'Torque', value: '450 Nm' },
    ]);
    expect(techSpecRows(makeCar({ horsepower: 120, torque: null })).map((r) => r.label)).toContain('Horse Power');
    expect(techSpecRows(makeCar({ horsepower: 120, torque: null })).map((r) => r.label)).not.toContain('Torque');
  });

  it('ends with the vehicle data: condition, body type, colours, warranty, stock number and the chassis number as its last 6 characters', () => {
    const car = makeCar({
      condition: 'Foreign Used',
      bodyType: 'SUV',
      exteriorColour: 'Pearl White',
      interiorColour: 'Beige',
      warranty: '6 months / 10,000 km',
      stockNumber: 'ST-00042',
      chassisNumberEnd: '234567',
    });
    expect(techSpecRows(car).slice(6)).toEqual([
      { label: 'Condition', value: 'Foreign Used' },
      { label: 'Body Type', value: 'SUV' },
      { label: 'Exterior Colour', value: 'Pearl White' },
      { label: 'Interior Colour', value: 'Beige' },
      { label: 'Warranty', value: '6 months / 10,000 km' },
      { label: 'Stock No.', value: 'ST-00042' },
      { label: 'Chassis No. (last 6)', value: '234567' },
    ]);
    // Not given: no row (and no chassis row at all without one).
    const bare = techSpecRows(makeCar({ exteriorColour: null, interiorColour: null, warranty: null, chassisNumberEnd: null })).map((r) => r.label);
    expect(bare).toEqual(expect.arrayContaining(['Condition', 'Body Type', 'Stock No.']));
    for (const label of ['Exterior Colour', 'Interior Colour', 'Warranty', 'Chassis No. (last 6)']) expect(bare).not.toContain(label);
  });
});

describe('TechSpecs', () => {
  it('renders the rows as a description list under its heading', () => {
    renderWithProviders(<TechSpecs car={makeCar({ seats: 5 })} />);
    const section = screen.getByRole('region', { name: 'Technical Specifications' });
    expect(within(section).getByText('Seats').nextSibling).toHaveTextContent('5');
    expect(within(section).queryByText('Torque')).not.toBeInTheDocument();
  });
});
