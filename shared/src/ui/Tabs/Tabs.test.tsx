import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { Tabs, type TabItem } from './Tabs';

const items: TabItem[] = [
  { id: 'chatbots', label: 'Chatbots', panel: <p>chatbots panel</p> },
  { id: 'lorebooks', label: 'Lorebooks', panel: <p>lorebooks panel</p> },
  { id: 'soon', label: 'Soon', panel: <p>soon panel</p>, disabled: true },
  { id: 'groupchats', label: 'Groupchats', panel: <p>groupchats panel</p> },
];

describe('Tabs', () => {
  it('renders a labelled tablist with the first tab selected and its panel', () => {
    renderWithProviders(<Tabs items={items} label="My Chatbots" />);
    expect(screen.getByRole('tablist', { name: 'My Chatbots' })).toBeInTheDocument();
    const tab = screen.getByRole('tab', { name: 'Chatbots' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(tab).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Lorebooks' })).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel', { name: 'Chatbots' });
    expect(panel).toHaveTextContent('chatbots panel');
    expect(tab).toHaveAttribute('aria-controls', panel.id);
  });

  it('selects on click', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    renderWithProviders(<Tabs items={items} label="t" onSelect={onSelect} />);
    await user.click(screen.getByRole('tab', { name: 'Lorebooks' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('lorebooks panel');
    expect(onSelect).toHaveBeenCalledWith('lorebooks');
  });

  it('moves with arrows (wrapping, skipping disabled tabs), Home and End', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Tabs items={items} label="t" />);
    await user.click(screen.getByRole('tab', { name: 'Lorebooks' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Groupchats' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('groupchats panel');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Chatbots' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Groupchats' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Chatbots' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Groupchats' })).toHaveAttribute('aria-selected', 'true');
  });

  it('only moves focus with manual activation, Enter selects', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Tabs items={items} label="t" activation="manual" />);
    await user.click(screen.getByRole('tab', { name: 'Chatbots' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Lorebooks' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('chatbots panel');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('lorebooks panel');
  });

  it('Tab goes from the selected tab into the panel', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Tabs items={items} label="t" defaultSelectedId="lorebooks" />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Lorebooks' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('is controlled by selectedId and shows children as the panel of items without one', async () => {
    function Routed() {
      const [tab, setTab] = useState('drafts');
      return (
        <Tabs
          items={[
            { id: 'chatbots', label: 'Chatbots' },
            { id: 'drafts', label: 'Drafts' },
          ]}
          label="t"
          selectedId={tab}
          onSelect={setTab}
        >
          <p>outlet for {tab}</p>
        </Tabs>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Routed />);
    expect(screen.getByRole('tabpanel', { name: 'Drafts' })).toHaveTextContent('outlet for drafts');
    await user.click(screen.getByRole('tab', { name: 'Chatbots' }));
    expect(screen.getByRole('tabpanel', { name: 'Chatbots' })).toHaveTextContent('outlet for chatbots');
  });

  it('ignores a controlled selection the parent does not change', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    renderWithProviders(<Tabs items={items} label="t" selectedId="chatbots" onSelect={onSelect} />);
    await user.click(screen.getByRole('tab', { name: 'Lorebooks' }));
    expect(onSelect).toHaveBeenCalledWith('lorebooks');
    expect(screen.getByRole('tab', { name: 'Chatbots' })).toHaveAttribute('aria-selected', 'true');
  });

  it('does not select a disabled tab', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Tabs items={items} label="t" />);
    await user.click(screen.getByRole('tab', { name: 'Soon' }));
    expect(screen.getByRole('tab', { name: 'Soon' })).toHaveAttribute('aria-selected', 'false');
  });
});
