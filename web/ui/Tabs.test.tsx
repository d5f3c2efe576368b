import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tab, TabList, TabPanel, Tabs } from './Tabs';

function Inbox() {
  const [tab, setTab] = useState<'unassigned' | 'mine'>('unassigned');
  return (
    <Tabs selected={tab} onSelect={setTab}>
      <TabList label="Contact tabs">
        <Tab id="unassigned" label="Unassigned (2)">
          Unassigned
        </Tab>
        <Tab id="mine">Assigned to Me</Tab>
      </TabList>
      <TabPanel id={tab}>{tab === 'mine' ? 'My chats' : 'Nobody’s chats'}</TabPanel>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('moves and selects with the arrow keys, shows the selected panel, and keeps one tab in the Tab order', async () => {
    const user = userEvent.setup();
    render(<Inbox />);
    const first = screen.getByRole('tab', { name: 'Unassigned (2)' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Nobody’s chats');

    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.keyboard('{ArrowRight}');
    const mine = screen.getByRole('tab', { name: 'Assigned to Me' });
    expect(document.activeElement).toBe(mine);
    expect(mine.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('My chats');

    // Tab leaves the tab list for the panel rather than visiting the other tab.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
  });
});
