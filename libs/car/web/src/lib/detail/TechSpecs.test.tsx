import { makeCar, renderWithProviders } from '@dealership/web-ui/testing';
import { screen, within } from '@testing-library/react';
import { techSpecRows, TechSpecs } from './TechSpecs';

describe('techSpecRows', () => {
  it('always has the six base rows, formatted as the spec says', () => {
    const car = makeCar({ fuelType: 'Diesel', mileage: 49_000, drive: '4 WD', engineSize: 2800, transmission: 'Automatic', year: 2019 });
    expect(techSpecRows(car).slice(0, 6)).toEqual([
      ['Fuel Type', 'Diesel'],
      ['Mileage', '49,000 Kms'],
      ['Drive Type', '4 WD'],
      ['Engine Size', '2800 cc'],
      ['Transmission', 'Automatic'],
      ['Year', '2019'],
    ]);
  });

  it('adds the optional rows only when present', () => {
    const car = makeCar({ seats: 7, fuelTankLitres: 87, accelerationSeconds: 12.7, horsepower: 174, safetyRating: 5, groundClearanceMm: 215, torque: 450 });
    expect(techSpecRows(car).slice(6, 13)).toEqual([
      ['Seats', '7'],
      ['Fuel Capacity', '87 Litres'],
      ['0-100 km/h', '12.7 seconds'],
      ['Horse Power', '174 Hp'],
      ['Safety Rating', '5 stars'],
      ['Ground Clearance', '215 mm'],
      ['Torque', '450 Nm'],
    ]);
    expect(techSpecRows(makeCar({ horsepower: 120, torque: null })).map(([label]) => label)).toContain('Horse Power');
    expect(techSpecRows(makeCar({ horsepower: 120, torque: null })).map(([label]) => label)).not.toContain('Torque');
  });

  it('ends with the vehicle data: condition, body type, colour, warranty, stock number and the chassis number as its last 6 characters', () => {
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
      ['Condition', 'Foreign Used'],
      ['Body Type', 'SUV'],
      ['Colour', 'Pearl White'],
      ['Warranty', '6 months / 10,000 km'],
      ['Stock No.', 'ST-00042'],
      ['Chassis No. (last 6)', '234567'],
    ]);
    // Not given: no row (and no chassis row at all without one).
    const bare = techSpecRows(makeCar({ exteriorColour: null, interiorColour: null, warranty: null, chassisNumberEnd: null })).map(([label]) => label);
    expect(bare).toEqual(expect.arrayContaining(['Condition', 'Body Type', 'Stock No.']));
    for (const label of ['Colour', 'Warranty', 'Chassis No. (last 6)']) expect(bare).not.toContain(label);
    expect(techSpecRows(makeCar({ warranty: '' })).map(([label]) => label)).not.toContain('Warranty');
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
