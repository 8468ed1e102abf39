// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BooleanToggle } from '../src/explorer/fields/BooleanToggle';
import { DateInput } from '../src/explorer/fields/DateInput';
import { TokenInput } from '../src/explorer/fields/TokenInput';

afterEach(cleanup);

function Tokens({ seen }: { seen: string[][] }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <label htmlFor="t">fids</label>
      <TokenInput
        id="t"
        value={value}
        onChange={(v) => {
          seen.push(v);
          setValue(v);
        }}
      />
    </>
  );
}

describe('the token input', () => {
  it('adds a token on Enter and on a pasted comma list, and removes the last on Backspace', () => {
    const seen: string[][] = [];
    render(<Tokens seen={seen} />);
    const input = screen.getByLabelText('fids');
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: '4, 5' } });
    expect(seen.at(-1)).toEqual(['3', '4', '5']);
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(seen.at(-1)).toEqual(['3', '4']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove 3' }));
    expect(seen.at(-1)).toEqual(['4']);
  });
});

describe('the boolean toggle', () => {
  it('starts as "not sent", switches on and off, and clears back to not sent', () => {
    const seen: (boolean | undefined)[] = [];
    function Toggle() {
      const [v, setV] = useState<boolean | undefined>();
      return (
        <BooleanToggle
          id="b"
          value={v}
          onChange={(n) => {
            seen.push(n);
            setV(n);
          }}
        />
      );
    }
    render(<Toggle />);
    const sw = screen.getByRole('switch');
    expect(screen.getByText('not sent')).toBeTruthy();
    fireEvent.click(sw);
    fireEvent.click(sw);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(seen).toEqual([true, false, undefined]);
  });
});

describe('the date input', () => {
  it('turns the picked local time into an ISO string', () => {
    let iso = '';
    const { container } = render(<DateInput id="d" value="" onChange={(v) => (iso = v)} />);
    fireEvent.change(container.querySelector('input')!, { target: { value: '2024-04-06T06:44' } });
    expect(iso).toBe(new Date('2024-04-06T06:44').toISOString());
  });
});
