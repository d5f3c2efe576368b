import type { ReactElement, ReactNode } from 'react';
import { Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';

type TooltipProps = {
  /** What the button does, in words (its accessible name says the same). */
  content: ReactNode;
  /** One React Aria Button (or other focusable from react-aria-components). */
  children: ReactElement;
  placement?: 'top' | 'bottom' | 'start' | 'end';
};

/**
 * A short label for an icon-only button, on React Aria: it shows on hover after a moment and at once
 * on keyboard focus, and hides on Escape, a press or when the pointer leaves.
 */
export function Tooltip({ content, children, placement = 'bottom' }: TooltipProps) {
  return (
    <TooltipTrigger delay={500} closeDelay={100}>
      {children}
      <AriaTooltip
        placement={placement}
        offset={6}
        className="max-w-56 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-pop data-[entering]:animate-fade-in"
      >
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
