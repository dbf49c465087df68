import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../testing/renderWithProviders';
import { CheckboxField, RadioGroupField } from './ChoiceFields';
import { TextAreaField, TextField } from './TextFields';

function Bio({ limit = 10, error = null }: { limit?: number; error?: string | null }) {
  const [value, setValue] = useState('');
  return <TextAreaField label="Bio" value={value} onChange={setValue} limit={limit} hint="About you" error={error} />;
}

describe('fields', () => {
  it('shows the error under the field, marks it invalid and describes it by the error', () => {
    renderWithProviders(<TextField label="Name" value="" onChange={() => undefined} error="Name can't be empty" />);
    const input = screen.getByLabelText('Name');
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent("Name can't be empty");
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', error.id);
    // under the field: after the input in the page's order
    expect(input.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('without an error: not invalid, described by the status or the hint', () => {
    const { rerender } = renderWithProviders(<TextField label="Username" value="ada" onChange={() => undefined} status={{ tone: 'ok', text: 'Username is available' }} />);
    const input = screen.getByLabelText('Username');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAttribute('aria-describedby', screen.getByRole('status').id);
    expect(screen.getByRole('status')).toHaveTextContent('Username is available');
    rerender(<TextField label="Username" value="ada" onChange={() => undefined} />);
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-describedby');
  });

  it('counts the characters as "n / limit", trimmed, and says when over the limit', async () => {
    renderWithProviders(<Bio limit={5} />);
    const bio = screen.getByLabelText('Bio');
    expect(screen.getByText('0 / 5')).toBeInTheDocument();
    await userEvent.type(bio, '  abc ');
    const counter = screen.getByText('3 / 5');
    expect(counter).toHaveAttribute('data-over', 'false');
    expect(bio.getAttribute('aria-describedby')?.split(' ')).toEqual([screen.getByText('About you').id, counter.id]);
    await userEvent.type(bio, 'defg');
    expect(screen.getByText('8 / 5')).toHaveAttribute('data-over', 'true');
  });

  it('a checkbox and a radio group show their errors too, and keep the keyboard', async () => {
    const onMode = jest.fn();
    renderWithProviders(
      <>
        <CheckboxField name="age" label="I am 18" checked={false} onChange={() => undefined} error="You must be 18" />
        <RadioGroupField
          legend="Mode"
          name="mode"
          value="a"
          onChange={onMode}
          error="Pick another"
          options={[
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ]}
        />
      </>,
    );
    expect(screen.getByLabelText('I am 18')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('I am 18')).toHaveAccessibleDescription('You must be 18');
    expect(screen.getByRole('radiogroup', { name: 'Mode' })).toHaveAccessibleDescription('Pick another');
    screen.getByLabelText('A').focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(onMode).toHaveBeenCalledWith('b');
  });
});
