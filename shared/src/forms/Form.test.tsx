import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { renderWithProviders } from '../testing/renderWithProviders';
import { Form } from './Form';
import { FormCheckboxField, FormRadioGroupField, FormSelectField, FormTextAreaField, FormTextField } from './FormFields';
import { useZodForm } from './useZodForm';

// The checkbox comes first in the schema and last on the page.
const schema = z.object({
  age: z.boolean().refine(Boolean, 'You must be 18'),
  name: z.string().trim().min(1, "Name can't be empty"),
  bio: z.string().trim().max(10, 'Bio is too long'),
  language: z.enum(['en', 'fr']),
  mode: z.enum(['off', 'on']),
});
type Values = z.input<typeof schema>;
const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'French' },
] as const;
const MODES = [
  { value: 'off', label: 'Off' },
  { value: 'on', label: 'On' },
] as const;

function Profile({ onSubmit, taken = false }: { onSubmit: (values: z.output<typeof schema>) => unknown; taken?: boolean }) {
  const form = useZodForm(schema, { defaultValues: { name: '', bio: '', language: 'en', mode: 'off', age: false } });
  return (
    <Form
      form={form}
      onSubmit={(values) => {
        // an answer of the API put next to its field
        if (taken) form.setError('name', { message: 'Name is taken' });
        else onSubmit(values);
      }}
    >
      <FormTextField<Values> name="name" label="Name" normalize={(v) => v.toLowerCase()} />
      <FormTextAreaField<Values> name="bio" label="Bio" limit={10} />
      <FormSelectField<'en' | 'fr', Values> name="language" label="Language" options={LANGUAGES} />
      <FormRadioGroupField<'off' | 'on', Values> name="mode" legend="Mode" options={MODES} />
      <FormCheckboxField<Values> name="age" label="I am 18" />
      <button type="submit">Save</button>
    </Form>
  );
}

let scrolled: HTMLElement[];
beforeEach(() => {
  scrolled = [];
  Element.prototype.scrollIntoView = function (this: HTMLElement) {
    scrolled.push(this);
  };
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('Form with the zod resolver', () => {
  it('on a failed submit shows each error under its field, then scrolls to and focuses the first invalid one in the page’s order', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<Profile onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Bio'), 'far too long a bio');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText("Name can't be empty")).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription("Name can't be empty");
    expect(screen.getByLabelText('Bio')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Bio is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('I am 18')).toHaveAccessibleDescription('You must be 18');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(scrolled).toEqual([screen.getByLabelText('Name')]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('focuses the one invalid field when it is the last', async () => {
    renderWithProviders(<Profile onSubmit={jest.fn()} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('I am 18')).toHaveFocus());
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('clears a field’s error when it is edited, and gives the handler the schema’s output', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<Profile onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText("Name can't be empty");
    await userEvent.type(screen.getByLabelText('Name'), ' ADA ');
    expect(screen.queryByText("Name can't be empty")).not.toBeInTheDocument();
    expect(screen.getByText('You must be 18')).toBeInTheDocument(); // the others stay until the next submit
    await userEvent.click(screen.getByLabelText('I am 18'));
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'fr');
    await userEvent.click(screen.getByLabelText('On'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ age: true, name: 'ada', bio: '', language: 'fr', mode: 'on' }));
  });

  it('focuses a field the handler marked invalid (an answer of the API)', async () => {
    renderWithProviders(<Profile onSubmit={jest.fn()} taken />);
    await userEvent.type(screen.getByLabelText('Name'), 'ada');
    await userEvent.click(screen.getByLabelText('I am 18'));
    (document.activeElement as HTMLElement).blur();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is taken')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
  });
});
