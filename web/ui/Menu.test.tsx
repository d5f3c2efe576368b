import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from './Menu';
import { Popover } from './Popover';

function setup() {
  const onAction = vi.fn();
  const user = userEvent.setup();
  render(
    <>
      <MenuTrigger>
        <Button>Options</Button>
        <Popover placement="bottom-end">
          <Menu aria-label="Chat options" onAction={(key) => onAction(key)}>
            <MenuItem id="tag" testId="tag-item" trailing={<span>3</span>}>
              Tag chat
            </MenuItem>
            <MenuItem id="assign">Assign</MenuItem>
            <MenuSeparator />
            <MenuItem id="delete" tone="danger">
              Delete
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      <button type="button">Elsewhere</button>
    </>,
  );
  return { user, onAction, trigger: screen.getByRole('button', { name: 'Options' }) };
}

const focusedName = () => document.activeElement?.textContent;

describe('Menu', () => {
  it('opens from the keyboard on the first item; arrow keys move and wrap', async () => {
    const { user, trigger } = setup();
    trigger.focus();
    await user.keyboard('{Enter}');
    // A menu is named by its trigger.
    const menu = screen.getByRole('menu', { name: 'Options' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Tag chat3',
      'Assign',
      'Delete',
    ]);
    expect(menu.contains(document.activeElement)).toBe(true);
    expect(focusedName()).toBe('Tag chat3');
    await user.keyboard('{ArrowDown}');
    expect(focusedName()).toBe('Assign');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(focusedName()).toBe('Tag chat3');
    await user.keyboard('{ArrowUp}');
    expect(focusedName()).toBe('Delete');
  });

  it('picks the focused item with Enter, closes and gives focus back to the trigger', async () => {
    const { user, trigger, onAction } = setup();
    trigger.focus();
    await user.keyboard('{Enter}{ArrowDown}{Enter}');
    expect(onAction).toHaveBeenCalledWith('assign');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on Escape without picking, focus back on the trigger', async () => {
    const { user, trigger, onAction } = setup();
    await user.click(trigger);
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onAction).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(trigger);
  });

  it('picks with a click and closes on a click outside', async () => {
    const { user, trigger, onAction } = setup();
    await user.click(trigger);
    await user.click(screen.getByTestId('tag-item'));
    expect(onAction).toHaveBeenCalledWith('tag');
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(trigger);
    await user.click(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onAction).toHaveBeenCalledTimes(1);
  });
});
