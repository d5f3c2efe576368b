import type { ReactNode, SVGProps } from 'react';

/** What every icon takes: any SVG attribute, the caller's winning over the icon's own. */
export type IconProps = SVGProps<SVGSVGElement>;

/**
 * An icon component drawing `drawing` on a 24 px grid at 1em, hidden from assistive technology
 * unless the caller's props say otherwise. `attrs` holds the icon's own defaults (another viewBox,
 * a fill); the caller's props override both. Call it at module level, once per icon.
 */
export function icon(drawing: ReactNode, attrs?: IconProps) {
  // biome-ignore lint/correctness/noComponentHookFactories: icon() runs once per icon at module load, never in a render.
  return function Icon(props: IconProps) {
    return (
      <svg viewBox="0 0 24 24" aria-hidden="true" width="1em" height="1em" {...attrs} {...props}>
        {drawing}
      </svg>
    );
  };
}

/** The app's line icons: `icon` with a round 1.8 stroke in currentColor and no fill. */
export function strokeIcon(drawing: ReactNode, attrs?: IconProps) {
  return icon(drawing, {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.8,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    ...attrs,
  });
}
