import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../testing';
import { AmountInput, type AmountInputProps } from './AmountInput';

function Controlled({
  initial,
  onValue,
  ...props
}: Omit<AmountInputProps, 'value' | 'onChange'> & { initial?: number | ''; onValue: (v: number | undefined) => void }) {
  const [value, setValue] = useState<number | '' | undefined>(initial);
  return (
    <AmountInput
      {...props}
      value={value}
      onChange={(next) => {
        onValue(next);
        setValue(next);
      }}
    />
  );
}

describe('AmountInput', () => {
  it('reads digits only and shows whole amounts with thousands separators on the number pad', () => {
    const onValue = jest.fn();
    renderWithProviders(<Controlled label="Budget (KES)" onValue={onValue} />);
    const box = screen.getByLabelText('Budget (KES)');
    expect(box).toHaveAttribute('inputmode', 'numeric');
    fireEvent.change(box, { target: { value: 'KES 1250000x' } });
    expect(onValue).toHaveBeenLastCalledWith(1250000);
    expect(box).toHaveValue('1,250,000');
    fireEvent.change(box, { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith(undefined);
    expect(box).toHaveValue('');
  });

  it('shows a year without separators and an empty form value as an empty box', () => {
    renderWithProviders(<Controlled label="Year" separators={false} initial={2020} onValue={jest.fn()} />);
    expect(screen.getByLabelText('Year')).toHaveValue('2020');
    renderWithProviders(<Controlled label="Mileage" initial="" onValue={jest.fn()} />);
    expect(screen.getByLabelText('Mileage')).toHaveValue('');
  });

  it('keeps a decimal point being typed on screen until its digits come', () => {
    const onValue = jest.fn();
    renderWithProviders(<Controlled label="Rate" decimal initial={14} onValue={onValue} />);
    const box = screen.getByLabelText('Rate');
    expect(box).toHaveAttribute('inputmode', 'decimal');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '14.' } });
    expect(box).toHaveValue('14.');
    expect(onValue).toHaveBeenLastCalledWith(14);
    fireEvent.change(box, { target: { value: '14.5.' } });
    expect(box).toHaveValue('14.5');
    expect(onValue).toHaveBeenLastCalledWith(14.5);
    fireEvent.blur(box);
    expect(box).toHaveValue('14.5');
  });

  it('shows the value it is given once the box loses focus', () => {
    renderWithProviders(<Controlled label="Rate" decimal initial={14} onValue={jest.fn()} />);
    const box = screen.getByLabelText('Rate');
    fireEvent.change(box, { target: { value: '14.' } });
    fireEvent.blur(box);
    expect(box).toHaveValue('14');
  });
});
